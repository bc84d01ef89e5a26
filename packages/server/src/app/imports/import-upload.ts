import busboy from 'busboy';
import type { Request } from 'express';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import {
  ImportError,
  type ImportJob,
  type ImportShapeLimits,
  storeImportUpload,
} from '../../import/index.js';
import { CSRF_FIELD, csrfTokenMatches } from '../shared/csrf.js';

/** The name of the upload form's file input. */
export const IMPORT_FILE_FIELD = 'file';

/** What came of an upload: the stored job, a refused token, or a message for the page (with its status). */
export type UploadOutcome =
  | { kind: 'stored'; job: ImportJob }
  | { kind: 'csrf' }
  | { kind: 'refused'; status: 400 | 413 | 422; message: string };

const refused = (status: 400 | 413 | 422, message: string): UploadOutcome => ({
  kind: 'refused',
  status,
  message,
});

/**
 * Reads the import page's multipart form with busboy, streaming the file into `storeImportUpload` (one chunk in
 * memory, never the whole file). The form's hidden `_csrf` field comes before its file input, so the token is
 * checked before any byte of the file is stored; a file part before a valid token is drained and refused. The
 * request is read to its end in every case, so the browser gets the answer page rather than a reset connection.
 *
 * @param options.maxBytes the largest accepted file, in bytes (`PROSPECTKIT_IMPORT_MAX_BYTES`)
 * @param options.shape the largest shape (`PROSPECTKIT_IMPORT_MAX_COLUMNS`, ...). Default `DEFAULT_IMPORT_SHAPE_LIMITS`
 * @returns the outcome; an error that is not an `ImportError` (the database failing) rejects
 * @see docs/architecture.md (the settings area's CSRF protection)
 */
export function receiveImportUpload(
  req: Request,
  options: { db: Database; workspaceId: string; maxBytes: number; shape?: ImportShapeLimits; clock: Clock },
): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // One more byte than allowed, so the engine sees the file is too large and says so.
        limits: { files: 1, fields: 4, parts: 6, fieldSize: 1024, fileSize: options.maxBytes + 1 },
      });
    } catch {
      req.resume();
      return resolve(refused(400, 'The form could not be read. Reload the page and choose the file again.'));
    }
    let tokenChecked = false;
    let outcome: Promise<UploadOutcome> | undefined;
    parser.on('field', (name, value) => {
      if (name === CSRF_FIELD) tokenChecked = csrfTokenMatches(req, value);
    });
    parser.on('file', (name, file, info) => {
      if (!tokenChecked) {
        outcome ??= Promise.resolve({ kind: 'csrf' });
        file.resume();
        return;
      }
      if (name !== IMPORT_FILE_FIELD || outcome) {
        file.resume();
        return;
      }
      if (!info.filename) {
        file.resume();
        outcome = Promise.resolve(refused(422, 'Choose a CSV file to upload.'));
        return;
      }
      outcome = storeImportUpload(options.db, {
        workspaceId: options.workspaceId,
        fileName: info.filename,
        // Not the stream itself: the engine's `for await` would destroy it on a refusal, and busboy then waits
        // for it forever; left open, the rest of the file is drained below.
        source: { [Symbol.asyncIterator]: () => file.iterator({ destroyOnReturn: false }) },
        maxBytes: options.maxBytes,
        shape: options.shape,
        clock: options.clock,
      }).then(
        (job): UploadOutcome => ({ kind: 'stored', job }),
        (error: unknown) => {
          // The engine stops reading at the first problem: the rest of the file is read and dropped.
          file.resume();
          if (!(error instanceof ImportError)) throw error;
          return refused(error.code === 'too_large' ? 413 : 422, error.message);
        },
      );
    });
    const finish = () => {
      const settled =
        outcome ??
        Promise.resolve(
          tokenChecked ? refused(422, 'Choose a CSV file to upload.') : { kind: 'csrf' as const },
        );
      settled.then(resolve, reject);
    };
    parser.on('close', finish);
    parser.on('error', () => {
      req.unpipe(parser);
      req.resume();
      // The file stream fails with the form, so whatever the engine then says, the upload is what failed.
      const cutOff = () =>
        resolve(
          refused(400, 'The upload was cut off or could not be read. Choose the file and send it again.'),
        );
      (outcome ?? Promise.resolve()).then(cutOff, cutOff);
    });
    req.pipe(parser);
  });
}
