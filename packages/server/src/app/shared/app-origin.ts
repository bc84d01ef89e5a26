import type { Request } from 'express';

/**
 * The app's origin for links it hands out (invitations, password resets): `PROSPECTKIT_PUBLIC_URL` when set
 * (production requires it, so a link never follows a forged `Host`), else the request's own.
 */
export function appOrigin(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
