// This file is generated from openapi/openapi.yaml by `npm run generate` (openapi-typescript).
// Do not edit it by hand: change the contract and regenerate.

export interface paths {
    "/prospects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prospects
         * @description Lists the workspace's prospects, newest first (`created_at` descending, then `id` descending, stable
         *     across pages) unless `sort` says otherwise, in the Laravel paginator shape. A page past the last gives
         *     200 with empty `data`. Out-of-range `page` or `per_page` gives 422; values are never clamped silently.
         *     The filters (`search`, `tag`, `owner_id`, `outcome`, `created_after`, `created_before`, and the custom
         *     fields' `custom_fields[key]`, `custom_fields_gte[key]`, `custom_fields_lte[key]`) combine with AND.
         *     A page is asked for by number (`page`) or by the opaque `cursor` of `links.next` and `links.prev`, which
         *     walks any depth at the cost of the first page; `count` says how `meta.total` is counted.
         */
        get: operations["listProspects"];
        put?: never;
        /**
         * Create a prospect
         * @description Creates a prospect. `company` is required; every other field is optional and may be `null`. An
         *     unknown field gives 422 naming it. Emits `prospect.created` in the same transaction.
         */
        post: operations["createProspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prospects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
                 * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
                 */
                id: components["parameters"]["ProspectId"];
            };
            cookie?: never;
        };
        /**
         * Get a prospect
         * @description Returns one prospect of the token's workspace. An unknown, malformed or other-workspace id gives 404.
         */
        get: operations["getProspect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a prospect
         * @description Changes only the fields sent; `tags` replaces the whole list; `null` clears an optional field (and
         *     `tags: null` clears the list to `[]`); `company` cannot be cleared. `{}` is a valid no-op that still
         *     answers 200 with the prospect. An unknown field gives 422 naming it. Needs `prospects:write`.
         */
        patch: operations["updateProspect"];
        trace?: never;
    };
    "/prospects/{id}/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
                 * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
                 */
                id: components["parameters"]["ProspectId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a sales outcome
         * @description Records a sales outcome, meeting time and opportunity value on a prospect. The prospect's current
         *     outcome is merged with the fields sent (fields not sent keep their value) and each call is kept as
         *     history. At least one field must be sent; after merging, `value_minor` and `currency` are both set or
         *     both `null`. Answers with the merged state.
         *
         *     Events, in one transaction with the change and carrying the merged state, in this order:
         *     1. `prospect.outcome.updated`, always;
         *     2. `opportunity.updated`, always;
         *     3. `meeting.booked` when `meeting_at` was sent non-null and differs from the previous value, or the
         *        outcome changed to `Meeting booked` (once per call even if both);
         *     4. `opportunity.won` when the outcome changed to `Won` from anything else.
         */
        post: operations["recordOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "prospect.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * prospect.created
         * @description A prospect was added in the app, by import or through the API.
         */
        post: operations["prospectCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox.reply.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inbox.reply.received
         * @description A prospect replied to an email that was sent.
         */
        post: operations["inboxReplyReceivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.assigned
         * @description A conversation was assigned to a teammate (`assignee_id` set) or unassigned (`assignee_id` null).
         */
        post: operations["conversationAssignedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "prospect.outcome.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * prospect.outcome.updated
         * @description A sales outcome, meeting or value was recorded for a prospect. Sent on every recorded outcome.
         */
        post: operations["prospectOutcomeUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * opportunity.updated
         * @description Sent alongside (right after) every `prospect.outcome.updated`.
         */
        post: operations["opportunityUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "meeting.booked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * meeting.booked
         * @description `meeting_at` was sent non-null and differs from the previous value, or the outcome changed to
         *     `Meeting booked`. Sent once per recorded outcome even when both hold.
         */
        post: operations["meetingBookedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.won": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * opportunity.won
         * @description The outcome changed to `Won` from anything else.
         */
        post: operations["opportunityWonEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A prospect id, `prs_` plus a ULID.
         * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
         */
        ProspectIdValue: string;
        /** @description An outcome record id, `out_` plus a ULID. */
        OutcomeIdValue: string;
        /** @description A workspace id, `ws_` plus a ULID. */
        WorkspaceIdValue: string;
        /** @description An event id, `evt_` plus a ULID. The same event may be delivered more than once with the same id. */
        EventId: string;
        /**
         * Format: date-time
         * @description RFC 3339 date-time in UTC (`Z`), with milliseconds.
         * @example 2026-11-22T09:30:00.000Z
         */
        Timestamp: string;
        /** @description Name of the company, 1-255 characters after trimming surrounding white space. */
        Company: string;
        /**
         * Format: hostname
         * @description A hostname without scheme or path, e.g. `acme.example`; at most 253 characters.
         */
        Domain: string | null;
        /**
         * Format: uri
         * @description An absolute `http` or `https` URL with a host (the scheme in any case; a port, if any, 0-65535), so
         *     that `new URL(website)` reads it: `https://`, `https://:80`, `https://?x` and `https://ada@/` get 422.
         *     At most 2048 characters. The pattern requires the scheme and a host that does not start with `:`;
         *     the server and the mock also parse the URL as WHATWG URL does, which refuses a port over 65535.
         */
        Website: string | null;
        /**
         * @description Free-text location; at most 255 characters. Named `ProspectLocation`, not `Location`, so that generated
         *     clients do not shadow the browser's global `Location`.
         */
        ProspectLocation: string | null;
        /**
         * @description The contact's display name; at most 255 characters. When a request sends `contact_first_name` or
         *     `contact_last_name` and not `contact_name`, the service composes it as the non-null parts joined by one
         *     space ("Ada Lovelace", or "Ada" with no last name): on `createProspect` when `contact_name` is absent,
         *     `null` or blank; on `updateProspect` when the stored `contact_name` is `null` or is itself the
         *     composition of the stored parts (so a name someone wrote, such as "Dr Ada King", is never overwritten by
         *     a change to the parts). A `contact_name` sent is stored as sent, whatever the parts.
         */
        ContactName: string | null;
        /**
         * @description The contact's first (given) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With
         *     `contact_last_name` it composes `contact_name` (see `ContactName`).
         */
        ContactFirstName: string | null;
        /**
         * @description The contact's last (family) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With
         *     `contact_first_name` it composes `contact_name` (see `ContactName`).
         */
        ContactLastName: string | null;
        /** @description The contact's job title, e.g. `Head of Sales`; at most 255 characters; surrounding white space is trimmed and blank means `null`. */
        ContactTitle: string | null;
        /**
         * @description The contact's phone number as written, e.g. `+44 20 7946 0958` or `(555) 010-9999 ext. 12`: at most 64
         *     characters with at least one digit. Surrounding white space is trimmed and every run of white space
         *     inside becomes one space; blank means `null`. No other reformatting.
         */
        ContactPhone: string | null;
        /**
         * Format: uri
         * @description The contact's profile page (LinkedIn, or any other): an absolute `http` or `https` URL with a host, under
         *     the same rules as `Website`; at most 2048 characters.
         */
        ContactProfileUrl: string | null;
        /** @description The city, e.g. `Lyon`; at most 255 characters; surrounding white space is trimmed and blank means `null`. */
        City: string | null;
        /** @description The state, province or region, e.g. `Bavaria`; at most 255 characters; surrounding white space is trimmed and blank means `null`. */
        Region: string | null;
        /**
         * @description The country as an ISO 3166-1 alpha-2 code, in any case (`fr` or `FR`); stored and answered upper-cased.
         *     Surrounding white space is trimmed; blank means `null`. Two letters that are not an assigned code
         *     (`ZZ`, `UK`) give 422.
         */
        CountryInput: string | null;
        /** @description The country as an upper-case ISO 3166-1 alpha-2 code, e.g. `FR`, or `null`. */
        Country: string | null;
        /**
         * @description Custom field filter values by key, sent as `name[key]=value` (`style: deepObject`): at most 10 keys
         *     (`^[a-z][a-z0-9_]{0,39}$`), each value a string of 1-255 characters read by the field's type.
         */
        CustomFieldFilterValues: {
            [key: string]: string;
        };
        /**
         * @description The values of the workspace's custom fields, by key (docs/prospects.md, "Custom fields"). A workspace
         *     defines at most 50 fields in the app (Workspace settings → Fields), each with a key (`^[a-z][a-z0-9_]{0,39}$`),
         *     a label and a type, which sets the value's JSON type: `text` a string of at most 2,000 characters
         *     (trimmed; blank removes the value), `number` a number, `date` a `YYYY-MM-DD` string, `url` an `http` or
         *     `https` URL, `email` an email address, `single_select` one of the field's options, `multi_select` an array
         *     of distinct options, `checkbox` `true` or `false`. A key the workspace has not defined, a value of the
         *     wrong type, or an option not in the field's list gives 422 under `custom_fields.<key>`. In a response,
         *     every value set and no other key; `{}` when none.
         */
        CustomFieldValues: {
            [key: string]: components["schemas"]["CustomFieldValue"];
        };
        /**
         * @description Custom field values to write, by key: on `createProspect` the prospect's values; on `updateProspect`
         *     only the keys sent change, and a key sent as `null` removes its value. `null` (the whole object) means
         *     `{}` on create and changes nothing on update. Rules per type: see `CustomFieldValues`.
         */
        CustomFieldValueInput: {
            [key: string]: components["schemas"]["CustomFieldValue"] | null;
        } | null;
        /** @description One custom field's value; its JSON type is the field's type (see `CustomFieldValues`). */
        CustomFieldValue: string | number | boolean | string[];
        /**
         * Format: email
         * @description Email address of the contact; at most 254 characters.
         */
        ContactEmail: string | null;
        /** @description Free-text notes; at most 10,000 characters. */
        Notes: string | null;
        /** @description A tag, 1-50 characters after trimming surrounding white space. */
        Tag: string;
        /** @description Id of the teammate who owns the prospect, at most 64 characters. The app's owner field offers the workspace's teammates (`tm_...`), but the API does not require `owner_id` to name one: any string of at most 64 characters is stored and echoed as sent, so integrations that keep owners in another system (a CRM's user ids) go on working, and a removed teammate's prospects keep their owner. An id that names no teammate is never a 422. */
        OwnerId: string | null;
        /**
         * @description A sales outcome.
         * @enum {string}
         */
        OutcomeValue: "Interested" | "Not interested" | "Meeting booked" | "Won" | "Lost";
        /**
         * Format: date-time
         * @description RFC 3339 date-time of the meeting (any offset on input; UTC in responses), or `null`.
         */
        MeetingAt: string | null;
        /**
         * Format: int64
         * @description Opportunity value in the currency's minor unit (cents for USD), 0 to 2^53-1, or `null`.
         */
        ValueMinor: number | null;
        /** @description ISO 4217 alphabetic code, upper case (e.g. `EUR`), or `null`. */
        Currency: string | null;
        /** @description The prospect's current sales outcome (the merge of every recorded outcome). */
        ProspectOutcome: {
            outcome: components["schemas"]["OutcomeValue"] | null;
            meeting_at: components["schemas"]["MeetingAt"];
            value_minor: components["schemas"]["ValueMinor"];
            currency: components["schemas"]["Currency"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description A sales prospect. Every key is always present; unset values are `null` and `tags` is `[]` when empty. */
        Prospect: {
            id: components["schemas"]["ProspectIdValue"];
            company: components["schemas"]["Company"];
            domain: components["schemas"]["Domain"];
            website: components["schemas"]["Website"];
            location: components["schemas"]["ProspectLocation"];
            contact_name: components["schemas"]["ContactName"];
            contact_email: components["schemas"]["ContactEmail"];
            contact_first_name: components["schemas"]["ContactFirstName"];
            contact_last_name: components["schemas"]["ContactLastName"];
            contact_title: components["schemas"]["ContactTitle"];
            contact_phone: components["schemas"]["ContactPhone"];
            contact_profile_url: components["schemas"]["ContactProfileUrl"];
            city: components["schemas"]["City"];
            region: components["schemas"]["Region"];
            country: components["schemas"]["Country"];
            notes: components["schemas"]["Notes"];
            /** @description The prospect's tags, unique, in the order last sent. */
            tags: components["schemas"]["Tag"][];
            owner_id: components["schemas"]["OwnerId"];
            custom_fields: components["schemas"]["CustomFieldValues"];
            outcome: components["schemas"]["ProspectOutcome"] | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description At most 50 unique tags (compared after trimming); replaces the whole list. `null` clears it to `[]`. */
        TagList: components["schemas"]["Tag"][] | null;
        /**
         * @description A new prospect. `company` is required; every other field is optional and may be `null`. Unknown fields give 422.
         * @example {
         *       "company": "Acme Ltd",
         *       "domain": "acme.example",
         *       "contact_name": "Ada Lovelace",
         *       "contact_email": "ada@acme.example",
         *       "tags": [
         *         "enterprise",
         *         "emea"
         *       ]
         *     }
         */
        ProspectCreate: {
            company: components["schemas"]["Company"];
            domain?: components["schemas"]["Domain"];
            website?: components["schemas"]["Website"];
            location?: components["schemas"]["ProspectLocation"];
            contact_name?: components["schemas"]["ContactName"];
            contact_email?: components["schemas"]["ContactEmail"];
            contact_first_name?: components["schemas"]["ContactFirstName"];
            contact_last_name?: components["schemas"]["ContactLastName"];
            contact_title?: components["schemas"]["ContactTitle"];
            contact_phone?: components["schemas"]["ContactPhone"];
            contact_profile_url?: components["schemas"]["ContactProfileUrl"];
            city?: components["schemas"]["City"];
            region?: components["schemas"]["Region"];
            country?: components["schemas"]["CountryInput"];
            notes?: components["schemas"]["Notes"];
            tags?: components["schemas"]["TagList"];
            owner_id?: components["schemas"]["OwnerId"];
            custom_fields?: components["schemas"]["CustomFieldValueInput"];
        };
        /**
         * @description A partial update: only the fields sent change. `company` cannot be `null`; `null` clears any other
         *     field. `{}` is a valid no-op. Unknown fields give 422.
         */
        ProspectUpdate: {
            company?: components["schemas"]["Company"];
            domain?: components["schemas"]["Domain"];
            website?: components["schemas"]["Website"];
            location?: components["schemas"]["ProspectLocation"];
            contact_name?: components["schemas"]["ContactName"];
            contact_email?: components["schemas"]["ContactEmail"];
            contact_first_name?: components["schemas"]["ContactFirstName"];
            contact_last_name?: components["schemas"]["ContactLastName"];
            contact_title?: components["schemas"]["ContactTitle"];
            contact_phone?: components["schemas"]["ContactPhone"];
            contact_profile_url?: components["schemas"]["ContactProfileUrl"];
            city?: components["schemas"]["City"];
            region?: components["schemas"]["Region"];
            country?: components["schemas"]["CountryInput"];
            notes?: components["schemas"]["Notes"];
            tags?: components["schemas"]["TagList"];
            owner_id?: components["schemas"]["OwnerId"];
            custom_fields?: components["schemas"]["CustomFieldValueInput"];
        };
        /**
         * @description Absolute URLs of neighbouring pages; they keep the filters, `sort`, `count` (when not the default) and
         *     `per_page`. `first` and `last` ask by `page`; `prev` and `next` carry a `cursor` (see the `cursor`
         *     parameter) when the page has items, and are `null` where there is none.
         */
        PaginationLinks: {
            /** Format: uri */
            first: string;
            /** Format: uri */
            last: string;
            /** Format: uri */
            prev: string | null;
            /** Format: uri */
            next: string | null;
        };
        /**
         * @description Laravel paginator metadata. `from` and `to` are 1-based positions, `null` on an empty page; `last_page`
         *     is at least 1. `total` is exact when `total_relation` is `eq` and a lower bound when it is `gte` (see
         *     the `count` parameter); `has_more` says whether items follow this page.
         */
        PaginationMeta: {
            /** Format: int32 */
            current_page: number;
            /** Format: int64 */
            from: number | null;
            /** Format: int64 */
            last_page: number;
            /**
             * Format: uri
             * @description The list's absolute URL without a query string.
             */
            path: string;
            /** Format: int32 */
            per_page: number;
            /** Format: int64 */
            to: number | null;
            /** Format: int64 */
            total: number;
            /**
             * @description `eq`: `total` is the number of matches; `gte`: there are at least `total`.
             * @enum {string}
             */
            total_relation: "eq" | "gte";
            /** @description Whether items follow this page in the list's order. */
            has_more: boolean;
        };
        /** @description One page of prospects, newest first. */
        ProspectList: {
            data: components["schemas"]["Prospect"][];
            links: components["schemas"]["PaginationLinks"];
            meta: components["schemas"]["PaginationMeta"];
        };
        /**
         * @description Fields to merge into the prospect's current outcome; at least one must be sent. After merging,
         *     `value_minor` and `currency` must be both set or both `null` (422 otherwise).
         * @example {
         *       "outcome": "Meeting booked",
         *       "meeting_at": "2026-12-01T15:00:00Z",
         *       "value_minor": 1250000,
         *       "currency": "EUR"
         *     }
         */
        RecordOutcomeRequest: {
            outcome?: components["schemas"]["OutcomeValue"];
            meeting_at?: components["schemas"]["MeetingAt"];
            value_minor?: components["schemas"]["ValueMinor"];
            currency?: components["schemas"]["Currency"];
        };
        /** @description One recorded outcome, holding the merged state after the call. */
        OutcomeResult: {
            id: components["schemas"]["OutcomeIdValue"];
            prospect_id: components["schemas"]["ProspectIdValue"];
            outcome: components["schemas"]["OutcomeValue"] | null;
            meeting_at: components["schemas"]["MeetingAt"];
            value_minor: components["schemas"]["ValueMinor"];
            currency: components["schemas"]["Currency"];
            recorded_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description An error. `message` says what went wrong; it never carries a stack trace or a secret. Named
         *     `ErrorResponse`, not `Error`, so that generated clients do not shadow JavaScript's global `Error`.
         */
        ErrorResponse: {
            message: string;
        };
        /**
         * @description A 422 in Laravel's shape: `errors` maps each failing field path (dots for nesting, e.g. `tags.3`) to its
         *     messages; `message` is the first message plus ` (and N more errors)` when there are more.
         */
        ValidationError: {
            message: string;
            errors: {
                [key: string]: string[];
            };
        };
        /**
         * @description An event kind.
         * @enum {string}
         */
        EventType: "prospect.created" | "inbox.reply.received" | "conversation.assigned" | "prospect.outcome.updated" | "opportunity.updated" | "meeting.booked" | "opportunity.won";
        /** @description Data of `prospect.created` and `inbox.reply.received`. */
        ProspectEventData: {
            prospect_id: components["schemas"]["ProspectIdValue"];
            company: components["schemas"]["Company"];
            contact_email: components["schemas"]["ContactEmail"];
        };
        /** @description Data of `conversation.assigned`. `assignee_id` is the teammate's id, or `null` when the conversation was unassigned. */
        ConversationAssignedData: {
            prospect_id: components["schemas"]["ProspectIdValue"];
            assignee_id: string | null;
        };
        /** @description Data of the four outcome events, carrying the prospect's merged outcome; `null` where unset. */
        OutcomeEventData: {
            prospect_id: components["schemas"]["ProspectIdValue"];
            outcome: components["schemas"]["OutcomeValue"] | null;
            meeting_at: components["schemas"]["MeetingAt"];
            value_minor: components["schemas"]["ValueMinor"];
            currency: components["schemas"]["Currency"];
        };
        /** @description Envelope of `prospect.created`. */
        ProspectCreatedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "prospect.created";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["ProspectEventData"];
        };
        /** @description Envelope of `inbox.reply.received`. */
        InboxReplyReceivedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "inbox.reply.received";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["ProspectEventData"];
        };
        /** @description Envelope of `conversation.assigned`. */
        ConversationAssignedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "conversation.assigned";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["ConversationAssignedData"];
        };
        /** @description Envelope of `prospect.outcome.updated`. */
        ProspectOutcomeUpdatedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "prospect.outcome.updated";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["OutcomeEventData"];
        };
        /** @description Envelope of `opportunity.updated`. */
        OpportunityUpdatedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "opportunity.updated";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["OutcomeEventData"];
        };
        /** @description Envelope of `meeting.booked`. */
        MeetingBookedEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "meeting.booked";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["OutcomeEventData"];
        };
        /** @description Envelope of `opportunity.won`. */
        OpportunityWonEvent: {
            id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "opportunity.won";
            workspace_id: components["schemas"]["WorkspaceIdValue"];
            occurred_at: components["schemas"]["Timestamp"];
            data: components["schemas"]["OutcomeEventData"];
        };
        /**
         * @description Any event envelope, told apart by `event`. `type: object` beside the discriminator is what strict JSON
         *     Schema validators (ajv in strict mode) need to accept it. The `mapping` is for code generators, which
         *     otherwise take the schema names for the values of `event`; ajv's `discriminator: true` reads each
         *     branch's `const` instead and refuses a `mapping`, so drop it before compiling with ajv.
         */
        WebhookEvent: components["schemas"]["ProspectCreatedEvent"] | components["schemas"]["InboxReplyReceivedEvent"] | components["schemas"]["ConversationAssignedEvent"] | components["schemas"]["ProspectOutcomeUpdatedEvent"] | components["schemas"]["OpportunityUpdatedEvent"] | components["schemas"]["MeetingBookedEvent"] | components["schemas"]["OpportunityWonEvent"];
    };
    responses: {
        /** @description The body is not valid JSON. */
        MalformedJson: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request body is not valid JSON."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The token is missing, malformed, unknown, expired or revoked, or its workspace is suspended. */
        Unauthenticated: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unauthenticated."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The token lacks the ability the operation needs. */
        Forbidden: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This token lacks the prospects:write ability."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Nothing with that id in this workspace. */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Prospect not found."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is over 1 MiB (1,048,576 bytes). */
        PayloadTooLarge: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request body is larger than 1 MiB."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body's `Content-Type` is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request body must be sent as application/json."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A query parameter or the body failed validation. */
        ValidationFailed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The company field is required. (and 1 more error)",
                 *       "errors": {
                 *         "company": [
                 *           "The company field is required."
                 *         ],
                 *         "tags.3": [
                 *           "The tags.3 field must not be greater than 50 characters."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description More than 60 requests in a minute from this client address. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining-Zero"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Attempts."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected server error. The body never carries a stack trace or a secret. */
        ServerError: {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Server Error."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
         * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
         */
        ProspectId: string;
        /**
         * @description Case-insensitive filter over `company`, `domain`, `contact_name` and `contact_email`, read one of three
         *     ways (surrounding white space ignored):
         *     - a term with `@` finds contacts whose `contact_email` starts with it: `ada@acme` and
         *       `ada@acme.example` find `ada@acme.example`;
         *     - a term with `.` and no `@` or white space finds prospects whose `domain` starts with it: `acme.example`
         *       and `acme.ex` find `acme.example`;
         *     - any other term is split into words at every ASCII character that is not a letter or digit (letters
         *       outside ASCII, such as `ä`, belong to their word), and finds prospects where each word starts a word
         *       of those four fields, in any order and in any of them: `ada love` and `love ada` find Ada Lovelace,
         *       `acme` finds `Acme Ltd`, `acme.example` and `ada@acme.example`, `gmail` finds `x@gmail.com`. A term
         *       with no letters or digits finds nothing.
         *     Letters are compared one at a time after simple lower-casing (`İ` is `i`; a final `Σ` is `σ`, not `ς`).
         *     Words are also compared without accents, as PostgreSQL's `unaccent` reads them: `societe` finds
         *     `Société`, `zurich` finds `Zürich`, `strasse` finds `Straße`, and `Société` finds `Societe`.
         *     Not found: the inside of a word (`velace`
         *     for Lovelace, `cme` for Acme) and `%`, `_` or other punctuation as characters to match. An empty `search` (`?search=`, what a form with an empty search box sends) is no filter,
         *     as if it were not sent, and `links` leave it out.
         */
        Search: string;
        /**
         * @description Prospects that have this tag, compared exactly as stored (case counts; surrounding white space of the
         *     value is ignored, as it is when a tag is stored). Repeat it (`?tag=q4&tag=salesnav`, at most 10) for
         *     prospects that have every one of them.
         */
        TagFilter: components["schemas"]["Tag"][];
        /**
         * @description Prospects whose `owner_id` is this value (compared exactly), or `none` for prospects without an owner
         *     (`owner_id` is `null`).
         */
        OwnerIdFilter: string;
        /** @description Prospects whose current `outcome` is this value, or `none` for prospects without an outcome. */
        OutcomeFilter: "Interested" | "Not interested" | "Meeting booked" | "Won" | "Lost" | "none";
        /** @description Prospects created strictly after this RFC 3339 date-time (`created_at` later than it). */
        CreatedAfter: string;
        /** @description Prospects created strictly before this RFC 3339 date-time (`created_at` earlier than it). */
        CreatedBefore: string;
        /**
         * @description Prospects whose custom field `key` equals the value: `?custom_fields[stage]=Demo&custom_fields[seats]=25`
         *     (docs/pagination.md, "Custom fields"). The value is read by the field's type: `text`, `url`, `email`
         *     and `single_select` compared exactly as stored; `number` as a number (`25` matches `25.0`); `date` a
         *     `YYYY-MM-DD`; `checkbox` `true` or `false`; `multi_select` prospects whose list holds this option. A key
         *     the workspace has not defined, or a value its type cannot hold (`seats=many`, an option not in the
         *     field's list), gives 422 under `custom_fields.<key>`. Prospects without a value never match.
         */
        CustomFieldsFilter: components["schemas"]["CustomFieldFilterValues"];
        /**
         * @description Prospects whose `number` or `date` custom field `key` is at least the value (inclusive):
         *     `?custom_fields_gte[seats]=10&custom_fields_gte[renewal]=2026-01-01`. Another type gives 422 under
         *     `custom_fields_gte.<key>`; prospects without a value never match.
         */
        CustomFieldsGte: components["schemas"]["CustomFieldFilterValues"];
        /**
         * @description Prospects whose `number` or `date` custom field `key` is at most the value (inclusive); with
         *     `custom_fields_gte` a range. Another type gives 422 under `custom_fields_lte.<key>`.
         */
        CustomFieldsLte: components["schemas"]["CustomFieldFilterValues"];
        /**
         * @description The order of the list, each ending with `id` in the same direction so it is total and stable across pages:
         *     - `newest` (the default, as the service specification says): `created_at` descending;
         *     - `oldest`: `created_at` ascending;
         *     - `company_asc` / `company_desc`: `company` A-Z / Z-A, compared without regard to case or accents
         *       (`Société` sorts as `societe`), then code point by code point;
         *     - `last_activity`: the latest change first (`updated_at` descending: a create, an edit or an outcome).
         */
        Sort: "newest" | "oldest" | "company_asc" | "company_desc" | "last_activity";
        /**
         * @description An opaque position in the list, taken from `links.next` or `links.prev` (never built by hand): the page
         *     after (or before) the row it was made at, read through an index from there, so page 40,000 costs what
         *     page 1 does. It is made for one `sort`; the same `sort`, filters and `per_page` must be sent with it,
         *     as the links do. A cursor that was not made by this server for this `sort` gives 422. With a cursor,
         *     `page` is ignored and `meta.current_page` counts pages from the start of the walk.
         */
        Cursor: string;
        /**
         * @description How `meta.total` is counted when a filter or `search` is set (without one, the workspace's count is
         *     kept up to date and `meta.total` is always exact):
         *     - `none` (the default): nothing counted beyond the page, so a request costs what its page costs
         *       whatever the workspace's size (docs/pagination.md). `meta.has_more` says whether more follow;
         *       `meta.total` is exact (`eq`) when the list ends on a page read by number from the top, else the
         *       position of the page's last item plus one when more follow (`gte`);
         *     - `capped`: exact up to 10,000 matches (`meta.total_relation` `eq`); past that `meta.total` is 10,000
         *       (or the position of the page's last item, when greater) and `meta.total_relation` is `gte`. It reads
         *       up to 10,001 matches, tens of milliseconds for a common term on a large workspace;
         *     - `exact`: every match counted, `meta.total_relation` `eq`, whatever it costs (seconds for a common
         *       term on a million prospects).
         *     `meta.last_page` and `links.last` follow `meta.total`, so with `gte` they are a lower bound.
         */
        Count: "capped" | "exact" | "none";
        /**
         * @description Page number, from 1, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `0x2`, `1e1`,
         *     `+2`, `2.0` and `01` get 422). A page past the last gives 200 with empty `data`.
         */
        Page: number;
        /**
         * @description Prospects per page, 1-100, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `010`
         *     gets 422). Out of range gives 422, never a silent clamp.
         */
        PerPage: number;
        /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
        ServiceEventId: components["schemas"]["EventId"];
        /** @description The event kind; equals the envelope `event`. */
        ServiceEvent: components["schemas"]["EventType"];
        /**
         * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
         *     timestamp more than 300 seconds from their clock, in either direction.
         * @example 1732240000
         */
        ServiceTimestamp: string;
        /**
         * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
         *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
         * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
         */
        ServiceSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The version of the contract the answer follows: `info.version` of this document, which is the version
         *     of `@prospectkit/server` that serves it (and the contract version `@prospectkit/mock` imitates). On
         *     every answer under `/api/v1`. See docs/versioning.md.
         * @example 0.2.0
         */
        "API-Version": string;
        /**
         * @description On the answers of an operation marked `deprecated: true`, or of a request that sends a parameter so
         *     marked: when it was (or will be) deprecated, as an RFC 9745 date (`@` and Unix seconds), from the
         *     operation's or parameter's `x-deprecated-at`. No operation or parameter is deprecated today.
         * @example @1798761600
         */
        Deprecation: string;
        /**
         * @description With `Deprecation`, when the deprecated operation or parameter will stop working, as an RFC 8594
         *     HTTP-date, from its `x-sunset-at`; left out when no date is set.
         * @example Sat, 01 Jan 2028 00:00:00 GMT
         */
        Sunset: string;
        /**
         * @description The request's id, echoed from the request's `X-Request-Id` when it is 1-128 visible ASCII characters,
         *     otherwise generated. On every answer.
         */
        "X-Request-Id": string;
        /** @description Requests allowed per minute for this client address. On every answer except a 500. */
        "X-RateLimit-Limit": number;
        /**
         * @description Requests left in the current minute. Not required: it is left out when the rate-limit counter cannot
         *     be reached and the request is let through uncounted (and by the mock when it enforces no limit).
         */
        "X-RateLimit-Remaining": number;
        /** @description Requests left in the current minute; always `0` on a 429. */
        "X-RateLimit-Remaining-Zero": number;
        /** @description Unix time in seconds when the current window ends. */
        "X-RateLimit-Reset": number;
        /** @description Whole seconds to wait before the next request. */
        "Retry-After": number;
        /** @description Always `Bearer`. */
        "WWW-Authenticate": "Bearer";
        /** @description Absolute URL of the created prospect. */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProspects: {
        parameters: {
            query?: {
                /**
                 * @description Case-insensitive filter over `company`, `domain`, `contact_name` and `contact_email`, read one of three
                 *     ways (surrounding white space ignored):
                 *     - a term with `@` finds contacts whose `contact_email` starts with it: `ada@acme` and
                 *       `ada@acme.example` find `ada@acme.example`;
                 *     - a term with `.` and no `@` or white space finds prospects whose `domain` starts with it: `acme.example`
                 *       and `acme.ex` find `acme.example`;
                 *     - any other term is split into words at every ASCII character that is not a letter or digit (letters
                 *       outside ASCII, such as `ä`, belong to their word), and finds prospects where each word starts a word
                 *       of those four fields, in any order and in any of them: `ada love` and `love ada` find Ada Lovelace,
                 *       `acme` finds `Acme Ltd`, `acme.example` and `ada@acme.example`, `gmail` finds `x@gmail.com`. A term
                 *       with no letters or digits finds nothing.
                 *     Letters are compared one at a time after simple lower-casing (`İ` is `i`; a final `Σ` is `σ`, not `ς`).
                 *     Words are also compared without accents, as PostgreSQL's `unaccent` reads them: `societe` finds
                 *     `Société`, `zurich` finds `Zürich`, `strasse` finds `Straße`, and `Société` finds `Societe`.
                 *     Not found: the inside of a word (`velace`
                 *     for Lovelace, `cme` for Acme) and `%`, `_` or other punctuation as characters to match. An empty `search` (`?search=`, what a form with an empty search box sends) is no filter,
                 *     as if it were not sent, and `links` leave it out.
                 */
                search?: components["parameters"]["Search"];
                /**
                 * @description Prospects that have this tag, compared exactly as stored (case counts; surrounding white space of the
                 *     value is ignored, as it is when a tag is stored). Repeat it (`?tag=q4&tag=salesnav`, at most 10) for
                 *     prospects that have every one of them.
                 */
                tag?: components["parameters"]["TagFilter"];
                /**
                 * @description Prospects whose `owner_id` is this value (compared exactly), or `none` for prospects without an owner
                 *     (`owner_id` is `null`).
                 */
                owner_id?: components["parameters"]["OwnerIdFilter"];
                /** @description Prospects whose current `outcome` is this value, or `none` for prospects without an outcome. */
                outcome?: components["parameters"]["OutcomeFilter"];
                /** @description Prospects created strictly after this RFC 3339 date-time (`created_at` later than it). */
                created_after?: components["parameters"]["CreatedAfter"];
                /** @description Prospects created strictly before this RFC 3339 date-time (`created_at` earlier than it). */
                created_before?: components["parameters"]["CreatedBefore"];
                /**
                 * @description Prospects whose custom field `key` equals the value: `?custom_fields[stage]=Demo&custom_fields[seats]=25`
                 *     (docs/pagination.md, "Custom fields"). The value is read by the field's type: `text`, `url`, `email`
                 *     and `single_select` compared exactly as stored; `number` as a number (`25` matches `25.0`); `date` a
                 *     `YYYY-MM-DD`; `checkbox` `true` or `false`; `multi_select` prospects whose list holds this option. A key
                 *     the workspace has not defined, or a value its type cannot hold (`seats=many`, an option not in the
                 *     field's list), gives 422 under `custom_fields.<key>`. Prospects without a value never match.
                 */
                custom_fields?: components["parameters"]["CustomFieldsFilter"];
                /**
                 * @description Prospects whose `number` or `date` custom field `key` is at least the value (inclusive):
                 *     `?custom_fields_gte[seats]=10&custom_fields_gte[renewal]=2026-01-01`. Another type gives 422 under
                 *     `custom_fields_gte.<key>`; prospects without a value never match.
                 */
                custom_fields_gte?: components["parameters"]["CustomFieldsGte"];
                /**
                 * @description Prospects whose `number` or `date` custom field `key` is at most the value (inclusive); with
                 *     `custom_fields_gte` a range. Another type gives 422 under `custom_fields_lte.<key>`.
                 */
                custom_fields_lte?: components["parameters"]["CustomFieldsLte"];
                /**
                 * @description The order of the list, each ending with `id` in the same direction so it is total and stable across pages:
                 *     - `newest` (the default, as the service specification says): `created_at` descending;
                 *     - `oldest`: `created_at` ascending;
                 *     - `company_asc` / `company_desc`: `company` A-Z / Z-A, compared without regard to case or accents
                 *       (`Société` sorts as `societe`), then code point by code point;
                 *     - `last_activity`: the latest change first (`updated_at` descending: a create, an edit or an outcome).
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description An opaque position in the list, taken from `links.next` or `links.prev` (never built by hand): the page
                 *     after (or before) the row it was made at, read through an index from there, so page 40,000 costs what
                 *     page 1 does. It is made for one `sort`; the same `sort`, filters and `per_page` must be sent with it,
                 *     as the links do. A cursor that was not made by this server for this `sort` gives 422. With a cursor,
                 *     `page` is ignored and `meta.current_page` counts pages from the start of the walk.
                 */
                cursor?: components["parameters"]["Cursor"];
                /**
                 * @description How `meta.total` is counted when a filter or `search` is set (without one, the workspace's count is
                 *     kept up to date and `meta.total` is always exact):
                 *     - `none` (the default): nothing counted beyond the page, so a request costs what its page costs
                 *       whatever the workspace's size (docs/pagination.md). `meta.has_more` says whether more follow;
                 *       `meta.total` is exact (`eq`) when the list ends on a page read by number from the top, else the
                 *       position of the page's last item plus one when more follow (`gte`);
                 *     - `capped`: exact up to 10,000 matches (`meta.total_relation` `eq`); past that `meta.total` is 10,000
                 *       (or the position of the page's last item, when greater) and `meta.total_relation` is `gte`. It reads
                 *       up to 10,001 matches, tens of milliseconds for a common term on a large workspace;
                 *     - `exact`: every match counted, `meta.total_relation` `eq`, whatever it costs (seconds for a common
                 *       term on a million prospects).
                 *     `meta.last_page` and `links.last` follow `meta.total`, so with `gte` they are a lower bound.
                 */
                count?: components["parameters"]["Count"];
                /**
                 * @description Page number, from 1, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `0x2`, `1e1`,
                 *     `+2`, `2.0` and `01` get 422). A page past the last gives 200 with empty `data`.
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Prospects per page, 1-100, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `010`
                 *     gets 422). Out of range gives 422, never a silent clamp.
                 */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of prospects. */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProspectList"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    createProspect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProspectCreate"];
            };
        };
        responses: {
            /** @description The created prospect. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prospect"];
                };
            };
            400: components["responses"]["MalformedJson"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getProspect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
                 * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
                 */
                id: components["parameters"]["ProspectId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prospect. */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prospect"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    updateProspect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
                 * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
                 */
                id: components["parameters"]["ProspectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProspectUpdate"];
            };
        };
        responses: {
            /** @description The updated prospect. */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Prospect"];
                };
            };
            400: components["responses"]["MalformedJson"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    recordOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.
                 * @example prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR
                 */
                id: components["parameters"]["ProspectId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordOutcomeRequest"];
            };
        };
        responses: {
            /** @description The recorded outcome, as merged with the prospect's previous outcome. */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutcomeResult"];
                };
            };
            400: components["responses"]["MalformedJson"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    prospectCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProspectCreatedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    inboxReplyReceivedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InboxReplyReceivedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    conversationAssignedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationAssignedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    prospectOutcomeUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProspectOutcomeUpdatedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    opportunityUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpportunityUpdatedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    meetingBookedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingBookedEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    opportunityWonEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`. */
                "Service-Event-ID": components["parameters"]["ServiceEventId"];
                /** @description The event kind; equals the envelope `event`. */
                "Service-Event": components["parameters"]["ServiceEvent"];
                /**
                 * @description Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a
                 *     timestamp more than 300 seconds from their clock, in either direction.
                 * @example 1732240000
                 */
                "Service-Timestamp": components["parameters"]["ServiceTimestamp"];
                /**
                 * @description `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with
                 *     the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.
                 * @example v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpportunityWonEvent"];
            };
        };
        responses: {
            /** @description Retried, like a timeout, a network error, 429 and any 5xx. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (including 3xx, which is never followed) fails the delivery without retry. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
