// This file is generated from openapi/openapi.yaml by `npm run generate` (contract as data).
// Do not edit it by hand: change the contract and regenerate.

/** The OpenAPI document, as parsed from openapi/openapi.yaml. */
export const contract = {
  "openapi": "3.1.0",
  "info": {
    "title": "Prospect Management and Webhook Service",
    "version": "0.2.0",
    "summary": "Prospects, sales outcomes and signed webhook events for one workspace.",
    "description": "The Prospect Management and Webhook Service keeps a workspace's sales prospects and their sales outcomes,\nand sends signed JSON webhook events when they change. This document is the hand-written contract that the\nProspectKit reference server, SDK, webhook verifier and mock all follow. Where the service specification\nsays \"not shown\", the decision taken is written here, next to the thing it governs.\n\n## Media\nRequests and responses are JSON (`application/json`). A request body with another `Content-Type` gets\n**415**; a body that is not valid JSON gets **400**; a body over 1 MiB (1,048,576 bytes) gets **413**. All\nthree carry `{message}`. Every response carries `X-Request-Id` (a client-sent `X-Request-Id` of 1-128\nvisible ASCII characters is echoed, otherwise one is generated).\n\n## HEAD\nHEAD is answered wherever GET is (RFC 9110 section 9.3.2), with GET's order of checks, ability, status and\nheaders and no body; it is not listed as an operation of its own. A 405's `Allow` names it beside GET.\n\n## Query parameters\nA query parameter an operation does not declare is ignored (a proxy's cache-buster, `?sort=asc`): it is\nneither validated nor echoed in `links`. Declared ones are validated (**422**). Unknown fields in a request\nbody are still refused with **422** naming them. An integer parameter (`page`, `per_page`) is written in\ndecimal digits, with `-` for a negative number and no `+`, decimal point, exponent or leading zero\n(`^-?(0|[1-9][0-9]*)$`), so `0x2`, `1e1`, `+2`, `2.0` and `010` get **422** `must be an integer`, like\n`two`; `-1` is an integer below the minimum (**422** `must be at least 1`).\n\n## Ids\nIds are opaque strings: a type prefix plus a ULID (26 Crockford base32 characters, time-sortable).\nProspects `prs_`, outcomes `out_`, events `evt_`, webhooks `wh_`, deliveries `del_`, tokens `tok_` (the\ntoken's id, never its secret) and workspaces `ws_`. An unknown, malformed or other-workspace id gives\n**404**, never 422 or 500.\n\n## Authentication\nEvery request carries `Authorization: Bearer <token>`: the scheme in any case (`bearer` and `BEARER` are\nread alike; RFC 9110 section 11.1), one space, then the token. A token is `pkt_` followed by 30 random\nbase62 characters and a 6-character base62 CRC32 checksum of those 30 (so leaked-secret scanners can spot\ntokens and typos fail fast). The service stores only a SHA-256 hash of it. A token belongs to one workspace, has a\nname, a non-empty set of abilities (`prospects:read`, `prospects:write`, `outcomes:write`), an expiry at\nmost one year after creation, and can be revoked. Tokens and webhooks are created and revoked in the app's\nsettings area (Workspace settings, Automation & API), never through this API.\n\nA missing, malformed, unknown, expired or revoked token, or a token of a suspended workspace, gets the\nsame **401** `{\"message\": \"Unauthenticated.\"}` with `WWW-Authenticate: Bearer`, so the answer reveals\nnothing about why. A token without the ability an operation needs gets **403** naming it, e.g.\n`{\"message\": \"This token lacks the prospects:write ability.\"}`.\n\n## Order of checks\nEach request is checked in this order, and the first failing check answers:\n1. rate limit (**429**);\n2. authentication (**401**);\n3. ability (**403**);\n4. the request body's media: content type (**415**), size (**413**), JSON syntax (**400**);\n5. existence of the prospect named in the path (**404**);\n6. validation of query parameters and body (**422**).\n\n## Rate limit\n60 requests per minute per client address, counted across every server instance that shares a database.\nExcess gets **429** `{\"message\": \"Too Many Attempts.\"}` with `Retry-After` (whole seconds),\n`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`. Responses under the limit carry\n`X-RateLimit-Limit` and `X-RateLimit-Remaining`, except that `X-RateLimit-Remaining` is left out when the\ncounter cannot be reached and the request is let through uncounted. The headers the service always sends\nare marked `required: true` (see `components.headers`).\n\n## Errors\nEvery error body has `message`. A **422** is `{message, errors}` (Laravel's shape): `errors` maps each\nfailing field path (dots for nesting, e.g. `tags.3`) to a list of messages, and `message` is the first\nerror, followed by ` (and N more errors)` when there are more (` (and 1 more error)` for exactly one).\n\n## Webhooks\nEvents are delivered as signed HTTPS `POST` requests to a webhook's address; see the `webhooks` section\nfor every event, its envelope and its headers. Delivery: any 2xx within 10 seconds is success; a timeout,\na network error, 408, 429 or any 5xx is retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5\nattempts in all); any other status fails the delivery. Redirects are never followed. The same event may\narrive more than once: receivers skip duplicates by the envelope `id`.\n\nA webhook's address is `https`, on port 443 (explicit or implied), with no query, fragment or userinfo.\nA webhook subscribes to a non-empty subset of the seven events. Its signing secret is `whk_` followed by\n32 random base62 characters.\n\n## Versioning\nThe version is part of the path (`/api/v1`). `info.version` is the version of `@prospectkit/server` that\nthis contract belongs to, and every answer under `/api/v1` carries it in `API-Version`. What may change\nwithin `/api/v1`, how a deprecated operation or parameter is announced (`deprecated: true` here, and the\n`Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers on its answers, from `x-deprecated-at` and\n`x-sunset-at`), and when an `/api/v2` would start is the versioning policy, docs/versioning.md\n(https://github.com/prospectkit/prospectkit/blob/main/docs/versioning.md). A behaviour described here that\nchanged is marked with `x-behaviour-changed: [\"<version>: <what changed>\"]` where it is described.\nCampaign endpoints are out of scope: the service specification does not show them.\n",
    "contact": {
      "name": "ProspectKit maintainers",
      "url": "https://github.com/prospectkit/prospectkit"
    },
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "{base_url}",
      "x-internal": false,
      "description": "The service's base address, which already includes the version segment `/api/v1`. The reference\nserver's default is `http://localhost:3000/api/v1`.\n",
      "variables": {
        "base_url": {
          "default": "http://localhost:3000/api/v1",
          "description": "Base address including `/api/v1`."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "Prospects",
      "description": "A workspace's sales prospects."
    },
    {
      "name": "Outcomes",
      "description": "Sales outcomes (outcome, meeting time, opportunity value) recorded on a prospect."
    }
  ],
  "paths": {
    "/prospects": {
      "get": {
        "operationId": "listProspects",
        "summary": "List prospects",
        "description": "Lists the workspace's prospects, newest first (`created_at` descending, then `id` descending, stable\nacross pages) unless `sort` says otherwise, in the Laravel paginator shape. A page past the last gives\n200 with empty `data`. Out-of-range `page` or `per_page` gives 422; values are never clamped silently.\nThe filters (`search`, `tag`, `owner_id`, `outcome`, `created_after`, `created_before`, and the custom\nfields' `custom_fields[key]`, `custom_fields_gte[key]`, `custom_fields_lte[key]`) combine with AND.\nA page is asked for by number (`page`) or by the opaque `cursor` of `links.next` and `links.prev`, which\nwalks any depth at the cost of the first page; `count` says how `meta.total` is counted.\n",
        "tags": [
          "Prospects"
        ],
        "security": [
          {
            "bearerAuth": [
              "prospects:read"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Search"
          },
          {
            "$ref": "#/components/parameters/TagFilter"
          },
          {
            "$ref": "#/components/parameters/OwnerIdFilter"
          },
          {
            "$ref": "#/components/parameters/OutcomeFilter"
          },
          {
            "$ref": "#/components/parameters/CreatedAfter"
          },
          {
            "$ref": "#/components/parameters/CreatedBefore"
          },
          {
            "$ref": "#/components/parameters/CustomFieldsFilter"
          },
          {
            "$ref": "#/components/parameters/CustomFieldsGte"
          },
          {
            "$ref": "#/components/parameters/CustomFieldsLte"
          },
          {
            "$ref": "#/components/parameters/Sort"
          },
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Count"
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/PerPage"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of prospects.",
            "headers": {
              "API-Version": {
                "$ref": "#/components/headers/API-Version"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "X-RateLimit-Limit": {
                "$ref": "#/components/headers/X-RateLimit-Limit"
              },
              "X-RateLimit-Remaining": {
                "$ref": "#/components/headers/X-RateLimit-Remaining"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ProspectList"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthenticated"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "post": {
        "operationId": "createProspect",
        "summary": "Create a prospect",
        "description": "Creates a prospect. `company` is required; every other field is optional and may be `null`. An\nunknown field gives 422 naming it. Emits `prospect.created` in the same transaction.\n",
        "tags": [
          "Prospects"
        ],
        "security": [
          {
            "bearerAuth": [
              "prospects:write"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ProspectCreate"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created prospect.",
            "headers": {
              "Location": {
                "$ref": "#/components/headers/Location"
              },
              "API-Version": {
                "$ref": "#/components/headers/API-Version"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "X-RateLimit-Limit": {
                "$ref": "#/components/headers/X-RateLimit-Limit"
              },
              "X-RateLimit-Remaining": {
                "$ref": "#/components/headers/X-RateLimit-Remaining"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Prospect"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/MalformedJson"
          },
          "401": {
            "$ref": "#/components/responses/Unauthenticated"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/prospects/{id}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ProspectId"
        }
      ],
      "get": {
        "operationId": "getProspect",
        "summary": "Get a prospect",
        "description": "Returns one prospect of the token's workspace. An unknown, malformed or other-workspace id gives 404.",
        "tags": [
          "Prospects"
        ],
        "security": [
          {
            "bearerAuth": [
              "prospects:read"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The prospect.",
            "headers": {
              "API-Version": {
                "$ref": "#/components/headers/API-Version"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "X-RateLimit-Limit": {
                "$ref": "#/components/headers/X-RateLimit-Limit"
              },
              "X-RateLimit-Remaining": {
                "$ref": "#/components/headers/X-RateLimit-Remaining"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Prospect"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthenticated"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "patch": {
        "operationId": "updateProspect",
        "summary": "Update a prospect",
        "description": "Changes only the fields sent; `tags` replaces the whole list; `null` clears an optional field (and\n`tags: null` clears the list to `[]`); `company` cannot be cleared. `{}` is a valid no-op that still\nanswers 200 with the prospect. An unknown field gives 422 naming it. Needs `prospects:write`.\n",
        "tags": [
          "Prospects"
        ],
        "security": [
          {
            "bearerAuth": [
              "prospects:write"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ProspectUpdate"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated prospect.",
            "headers": {
              "API-Version": {
                "$ref": "#/components/headers/API-Version"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "X-RateLimit-Limit": {
                "$ref": "#/components/headers/X-RateLimit-Limit"
              },
              "X-RateLimit-Remaining": {
                "$ref": "#/components/headers/X-RateLimit-Remaining"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Prospect"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/MalformedJson"
          },
          "401": {
            "$ref": "#/components/responses/Unauthenticated"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/prospects/{id}/outcomes": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ProspectId"
        }
      ],
      "post": {
        "operationId": "recordOutcome",
        "summary": "Record a sales outcome",
        "description": "Records a sales outcome, meeting time and opportunity value on a prospect. The prospect's current\noutcome is merged with the fields sent (fields not sent keep their value) and each call is kept as\nhistory. At least one field must be sent; after merging, `value_minor` and `currency` are both set or\nboth `null`. Answers with the merged state.\n\nEvents, in one transaction with the change and carrying the merged state, in this order:\n1. `prospect.outcome.updated`, always;\n2. `opportunity.updated`, always;\n3. `meeting.booked` when `meeting_at` was sent non-null and differs from the previous value, or the\n   outcome changed to `Meeting booked` (once per call even if both);\n4. `opportunity.won` when the outcome changed to `Won` from anything else.\n",
        "tags": [
          "Outcomes"
        ],
        "security": [
          {
            "bearerAuth": [
              "outcomes:write"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RecordOutcomeRequest"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The recorded outcome, as merged with the prospect's previous outcome.",
            "headers": {
              "API-Version": {
                "$ref": "#/components/headers/API-Version"
              },
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "X-RateLimit-Limit": {
                "$ref": "#/components/headers/X-RateLimit-Limit"
              },
              "X-RateLimit-Remaining": {
                "$ref": "#/components/headers/X-RateLimit-Remaining"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OutcomeResult"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/MalformedJson"
          },
          "401": {
            "$ref": "#/components/responses/Unauthenticated"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    }
  },
  "webhooks": {
    "prospect.created": {
      "post": {
        "operationId": "prospectCreatedEvent",
        "summary": "prospect.created",
        "description": "A prospect was added in the app, by import or through the API.",
        "tags": [
          "Prospects"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ProspectCreatedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "inbox.reply.received": {
      "post": {
        "operationId": "inboxReplyReceivedEvent",
        "summary": "inbox.reply.received",
        "description": "A prospect replied to an email that was sent.",
        "tags": [
          "Prospects"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/InboxReplyReceivedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "conversation.assigned": {
      "post": {
        "operationId": "conversationAssignedEvent",
        "summary": "conversation.assigned",
        "description": "A conversation was assigned to a teammate (`assignee_id` set) or unassigned (`assignee_id` null).",
        "tags": [
          "Prospects"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConversationAssignedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "prospect.outcome.updated": {
      "post": {
        "operationId": "prospectOutcomeUpdatedEvent",
        "summary": "prospect.outcome.updated",
        "description": "A sales outcome, meeting or value was recorded for a prospect. Sent on every recorded outcome.",
        "tags": [
          "Outcomes"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ProspectOutcomeUpdatedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "opportunity.updated": {
      "post": {
        "operationId": "opportunityUpdatedEvent",
        "summary": "opportunity.updated",
        "description": "Sent alongside (right after) every `prospect.outcome.updated`.",
        "tags": [
          "Outcomes"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/OpportunityUpdatedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "meeting.booked": {
      "post": {
        "operationId": "meetingBookedEvent",
        "summary": "meeting.booked",
        "description": "`meeting_at` was sent non-null and differs from the previous value, or the outcome changed to\n`Meeting booked`. Sent once per recorded outcome even when both hold.\n",
        "tags": [
          "Outcomes"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/MeetingBookedEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    },
    "opportunity.won": {
      "post": {
        "operationId": "opportunityWonEvent",
        "summary": "opportunity.won",
        "description": "The outcome changed to `Won` from anything else.",
        "tags": [
          "Outcomes"
        ],
        "security": [],
        "parameters": [
          {
            "$ref": "#/components/parameters/ServiceEventId"
          },
          {
            "$ref": "#/components/parameters/ServiceEvent"
          },
          {
            "$ref": "#/components/parameters/ServiceTimestamp"
          },
          {
            "$ref": "#/components/parameters/ServiceSignature"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/OpportunityWonEvent"
              }
            }
          }
        },
        "responses": {
          "408": {
            "description": "Retried, like a timeout, a network error, 429 and any 5xx."
          },
          "429": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "2XX": {
            "description": "Any 2xx within 10 seconds acknowledges the delivery."
          },
          "5XX": {
            "description": "Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all)."
          },
          "default": {
            "description": "Any other status (including 3xx, which is never followed) fails the delivery without retry."
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "pkt_<30 base62><6 base62 CRC32>",
        "description": "`Authorization: Bearer pkt_...`, the scheme in any case (RFC 9110 section 11.1). The scopes listed on each operation are the token abilities it needs:\n`prospects:read`, `prospects:write` or `outcomes:write`.\n"
      }
    },
    "parameters": {
      "ProspectId": {
        "name": "id",
        "in": "path",
        "required": true,
        "description": "The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.",
        "schema": {
          "type": "string",
          "maxLength": 64
        },
        "example": "prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR"
      },
      "Search": {
        "name": "search",
        "in": "query",
        "required": false,
        "x-behaviour-changed": [
          "0.2.0: a term matches the start of words, of an email or of a domain, no longer any substring (`velace` no longer finds Lovelace)",
          "unreleased: words are compared without accents (`societe` finds Société)"
        ],
        "description": "Case-insensitive filter over `company`, `domain`, `contact_name` and `contact_email`, read one of three\nways (surrounding white space ignored):\n- a term with `@` finds contacts whose `contact_email` starts with it: `ada@acme` and\n  `ada@acme.example` find `ada@acme.example`;\n- a term with `.` and no `@` or white space finds prospects whose `domain` starts with it: `acme.example`\n  and `acme.ex` find `acme.example`;\n- any other term is split into words at every ASCII character that is not a letter or digit (letters\n  outside ASCII, such as `ä`, belong to their word), and finds prospects where each word starts a word\n  of those four fields, in any order and in any of them: `ada love` and `love ada` find Ada Lovelace,\n  `acme` finds `Acme Ltd`, `acme.example` and `ada@acme.example`, `gmail` finds `x@gmail.com`. A term\n  with no letters or digits finds nothing.\nLetters are compared one at a time after simple lower-casing (`İ` is `i`; a final `Σ` is `σ`, not `ς`).\nWords are also compared without accents, as PostgreSQL's `unaccent` reads them: `societe` finds\n`Société`, `zurich` finds `Zürich`, `strasse` finds `Straße`, and `Société` finds `Societe`.\nNot found: the inside of a word (`velace`\nfor Lovelace, `cme` for Acme) and `%`, `_` or other punctuation as characters to match. An empty `search` (`?search=`, what a form with an empty search box sends) is no filter,\nas if it were not sent, and `links` leave it out.\n",
        "schema": {
          "type": "string",
          "maxLength": 255
        }
      },
      "TagFilter": {
        "name": "tag",
        "in": "query",
        "required": false,
        "style": "form",
        "explode": true,
        "description": "Prospects that have this tag, compared exactly as stored (case counts; surrounding white space of the\nvalue is ignored, as it is when a tag is stored). Repeat it (`?tag=q4&tag=salesnav`, at most 10) for\nprospects that have every one of them.\n",
        "schema": {
          "type": "array",
          "maxItems": 10,
          "items": {
            "$ref": "#/components/schemas/Tag"
          }
        }
      },
      "OwnerIdFilter": {
        "name": "owner_id",
        "in": "query",
        "required": false,
        "description": "Prospects whose `owner_id` is this value (compared exactly), or `none` for prospects without an owner\n(`owner_id` is `null`).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "OutcomeFilter": {
        "name": "outcome",
        "in": "query",
        "required": false,
        "description": "Prospects whose current `outcome` is this value, or `none` for prospects without an outcome.",
        "schema": {
          "type": "string",
          "enum": [
            "Interested",
            "Not interested",
            "Meeting booked",
            "Won",
            "Lost",
            "none"
          ]
        }
      },
      "CreatedAfter": {
        "name": "created_after",
        "in": "query",
        "required": false,
        "description": "Prospects created strictly after this RFC 3339 date-time (`created_at` later than it).",
        "schema": {
          "type": "string",
          "format": "date-time",
          "maxLength": 35
        }
      },
      "CreatedBefore": {
        "name": "created_before",
        "in": "query",
        "required": false,
        "description": "Prospects created strictly before this RFC 3339 date-time (`created_at` earlier than it).",
        "schema": {
          "type": "string",
          "format": "date-time",
          "maxLength": 35
        }
      },
      "CustomFieldsFilter": {
        "name": "custom_fields",
        "in": "query",
        "required": false,
        "style": "deepObject",
        "explode": true,
        "description": "Prospects whose custom field `key` equals the value: `?custom_fields[stage]=Demo&custom_fields[seats]=25`\n(docs/pagination.md, \"Custom fields\"). The value is read by the field's type: `text`, `url`, `email`\nand `single_select` compared exactly as stored; `number` as a number (`25` matches `25.0`); `date` a\n`YYYY-MM-DD`; `checkbox` `true` or `false`; `multi_select` prospects whose list holds this option. A key\nthe workspace has not defined, or a value its type cannot hold (`seats=many`, an option not in the\nfield's list), gives 422 under `custom_fields.<key>`. Prospects without a value never match.\n",
        "schema": {
          "$ref": "#/components/schemas/CustomFieldFilterValues"
        }
      },
      "CustomFieldsGte": {
        "name": "custom_fields_gte",
        "in": "query",
        "required": false,
        "style": "deepObject",
        "explode": true,
        "description": "Prospects whose `number` or `date` custom field `key` is at least the value (inclusive):\n`?custom_fields_gte[seats]=10&custom_fields_gte[renewal]=2026-01-01`. Another type gives 422 under\n`custom_fields_gte.<key>`; prospects without a value never match.\n",
        "schema": {
          "$ref": "#/components/schemas/CustomFieldFilterValues"
        }
      },
      "CustomFieldsLte": {
        "name": "custom_fields_lte",
        "in": "query",
        "required": false,
        "style": "deepObject",
        "explode": true,
        "description": "Prospects whose `number` or `date` custom field `key` is at most the value (inclusive); with\n`custom_fields_gte` a range. Another type gives 422 under `custom_fields_lte.<key>`.\n",
        "schema": {
          "$ref": "#/components/schemas/CustomFieldFilterValues"
        }
      },
      "Sort": {
        "name": "sort",
        "in": "query",
        "required": false,
        "description": "The order of the list, each ending with `id` in the same direction so it is total and stable across pages:\n- `newest` (the default, as the service specification says): `created_at` descending;\n- `oldest`: `created_at` ascending;\n- `company_asc` / `company_desc`: `company` A-Z / Z-A, compared without regard to case or accents\n  (`Société` sorts as `societe`), then code point by code point;\n- `last_activity`: the latest change first (`updated_at` descending: a create, an edit or an outcome).\n",
        "schema": {
          "type": "string",
          "enum": [
            "newest",
            "oldest",
            "company_asc",
            "company_desc",
            "last_activity"
          ],
          "default": "newest"
        }
      },
      "Cursor": {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "An opaque position in the list, taken from `links.next` or `links.prev` (never built by hand): the page\nafter (or before) the row it was made at, read through an index from there, so page 40,000 costs what\npage 1 does. It is made for one `sort`; the same `sort`, filters and `per_page` must be sent with it,\nas the links do. A cursor that was not made by this server for this `sort` gives 422. With a cursor,\n`page` is ignored and `meta.current_page` counts pages from the start of the walk.\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "pattern": "^[A-Za-z0-9_-]+$"
        }
      },
      "Count": {
        "name": "count",
        "in": "query",
        "required": false,
        "x-behaviour-changed": [
          "unreleased: with a filter or `search`, `meta.total` is no longer counted unless `count=capped` or `count=exact` is sent: it is exact when the list ends on the page read from the top, else the position of the page's last item plus one with `meta.total_relation` `gte`; `meta.has_more` says whether items follow"
        ],
        "description": "How `meta.total` is counted when a filter or `search` is set (without one, the workspace's count is\nkept up to date and `meta.total` is always exact):\n- `none` (the default): nothing counted beyond the page, so a request costs what its page costs\n  whatever the workspace's size (docs/pagination.md). `meta.has_more` says whether more follow;\n  `meta.total` is exact (`eq`) when the list ends on a page read by number from the top, else the\n  position of the page's last item plus one when more follow (`gte`);\n- `capped`: exact up to 10,000 matches (`meta.total_relation` `eq`); past that `meta.total` is 10,000\n  (or the position of the page's last item, when greater) and `meta.total_relation` is `gte`. It reads\n  up to 10,001 matches, tens of milliseconds for a common term on a large workspace;\n- `exact`: every match counted, `meta.total_relation` `eq`, whatever it costs (seconds for a common\n  term on a million prospects).\n`meta.last_page` and `links.last` follow `meta.total`, so with `gte` they are a lower bound.\n",
        "schema": {
          "type": "string",
          "enum": [
            "capped",
            "exact",
            "none"
          ],
          "default": "none"
        }
      },
      "Page": {
        "name": "page",
        "in": "query",
        "required": false,
        "x-behaviour-changed": [
          "0.2.0: only decimal digits are read as an integer: `0x2`, `1e1`, `+2`, `2.0` and `01` get 422"
        ],
        "description": "Page number, from 1, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `0x2`, `1e1`,\n`+2`, `2.0` and `01` get 422). A page past the last gives 200 with empty `data`.\n",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 2147483647,
          "default": 1
        }
      },
      "PerPage": {
        "name": "per_page",
        "in": "query",
        "required": false,
        "x-behaviour-changed": [
          "0.2.0: only decimal digits are read as an integer: `0x2`, `1e1`, `+2`, `2.0` and `010` get 422"
        ],
        "description": "Prospects per page, 1-100, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `010`\ngets 422). Out of range gives 422, never a silent clamp.\n",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 25
        }
      },
      "ServiceEventId": {
        "name": "Service-Event-ID",
        "in": "header",
        "required": true,
        "description": "The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`.",
        "schema": {
          "$ref": "#/components/schemas/EventId"
        }
      },
      "ServiceEvent": {
        "name": "Service-Event",
        "in": "header",
        "required": true,
        "description": "The event kind; equals the envelope `event`.",
        "schema": {
          "$ref": "#/components/schemas/EventType"
        }
      },
      "ServiceTimestamp": {
        "name": "Service-Timestamp",
        "in": "header",
        "required": true,
        "description": "Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a\ntimestamp more than 300 seconds from their clock, in either direction.\n",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,12}$",
          "maxLength": 12
        },
        "example": "1732240000"
      },
      "ServiceSignature": {
        "name": "Service-Signature",
        "in": "header",
        "required": true,
        "description": "`v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with\nthe UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.\n",
        "schema": {
          "type": "string",
          "pattern": "^v1=[0-9a-f]{64}$",
          "maxLength": 67
        },
        "example": "v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"
      }
    },
    "headers": {
      "API-Version": {
        "description": "The version of the contract the answer follows: `info.version` of this document, which is the version\nof `@prospectkit/server` that serves it (and the contract version `@prospectkit/mock` imitates). On\nevery answer under `/api/v1`. See docs/versioning.md.\n",
        "required": true,
        "schema": {
          "type": "string",
          "maxLength": 64,
          "pattern": "^[0-9]+[.][0-9]+[.][0-9]+(-[0-9A-Za-z.-]+)?$"
        },
        "example": "0.2.0"
      },
      "Deprecation": {
        "description": "On the answers of an operation marked `deprecated: true`, or of a request that sends a parameter so\nmarked: when it was (or will be) deprecated, as an RFC 9745 date (`@` and Unix seconds), from the\noperation's or parameter's `x-deprecated-at`. No operation or parameter is deprecated today.\n",
        "schema": {
          "type": "string",
          "maxLength": 24,
          "pattern": "^@-?[0-9]{1,15}$"
        },
        "example": "@1798761600"
      },
      "Sunset": {
        "description": "With `Deprecation`, when the deprecated operation or parameter will stop working, as an RFC 8594\nHTTP-date, from its `x-sunset-at`; left out when no date is set.\n",
        "schema": {
          "type": "string",
          "maxLength": 29
        },
        "example": "Sat, 01 Jan 2028 00:00:00 GMT"
      },
      "X-Request-Id": {
        "description": "The request's id, echoed from the request's `X-Request-Id` when it is 1-128 visible ASCII characters,\notherwise generated. On every answer.\n",
        "required": true,
        "schema": {
          "type": "string",
          "maxLength": 128
        }
      },
      "X-RateLimit-Limit": {
        "description": "Requests allowed per minute for this client address. On every answer except a 500.",
        "required": true,
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 1000000
        }
      },
      "X-RateLimit-Remaining": {
        "description": "Requests left in the current minute. Not required: it is left out when the rate-limit counter cannot\nbe reached and the request is let through uncounted (and by the mock when it enforces no limit).\n",
        "x-behaviour-changed": [
          "0.2.0: may be left out under the limit, when the rate-limit counter cannot be reached (and by the mock when it enforces no limit)"
        ],
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 0,
          "maximum": 1000000
        }
      },
      "X-RateLimit-Remaining-Zero": {
        "description": "Requests left in the current minute; always `0` on a 429.",
        "required": true,
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 0,
          "maximum": 0
        }
      },
      "X-RateLimit-Reset": {
        "description": "Unix time in seconds when the current window ends.",
        "required": true,
        "schema": {
          "type": "integer",
          "format": "int64",
          "minimum": 0,
          "maximum": 9007199254740991
        }
      },
      "Retry-After": {
        "description": "Whole seconds to wait before the next request.",
        "required": true,
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 0,
          "maximum": 86400
        }
      },
      "WWW-Authenticate": {
        "description": "Always `Bearer`.",
        "required": true,
        "schema": {
          "type": "string",
          "const": "Bearer"
        }
      },
      "Location": {
        "description": "Absolute URL of the created prospect.",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uri",
          "maxLength": 2048
        }
      }
    },
    "responses": {
      "MalformedJson": {
        "description": "The body is not valid JSON.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "The request body is not valid JSON."
            }
          }
        }
      },
      "Unauthenticated": {
        "description": "The token is missing, malformed, unknown, expired or revoked, or its workspace is suspended.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WWW-Authenticate"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "Unauthenticated."
            }
          }
        }
      },
      "Forbidden": {
        "description": "The token lacks the ability the operation needs.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "This token lacks the prospects:write ability."
            }
          }
        }
      },
      "NotFound": {
        "description": "Nothing with that id in this workspace.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "Prospect not found."
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The body is over 1 MiB (1,048,576 bytes).",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "The request body is larger than 1 MiB."
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body's `Content-Type` is not `application/json`.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "The request body must be sent as application/json."
            }
          }
        }
      },
      "ValidationFailed": {
        "description": "A query parameter or the body failed validation.",
        "headers": {
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ValidationError"
            },
            "example": {
              "message": "The company field is required. (and 1 more error)",
              "errors": {
                "company": [
                  "The company field is required."
                ],
                "tags.3": [
                  "The tags.3 field must not be greater than 50 characters."
                ]
              }
            }
          }
        }
      },
      "TooManyRequests": {
        "description": "More than 60 requests in a minute from this client address.",
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "X-RateLimit-Limit": {
            "$ref": "#/components/headers/X-RateLimit-Limit"
          },
          "X-RateLimit-Remaining": {
            "$ref": "#/components/headers/X-RateLimit-Remaining-Zero"
          },
          "X-RateLimit-Reset": {
            "$ref": "#/components/headers/X-RateLimit-Reset"
          },
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "Too Many Attempts."
            }
          }
        }
      },
      "ServerError": {
        "description": "An unexpected server error. The body never carries a stack trace or a secret.",
        "headers": {
          "API-Version": {
            "$ref": "#/components/headers/API-Version"
          },
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorResponse"
            },
            "example": {
              "message": "Server Error."
            }
          }
        }
      }
    },
    "schemas": {
      "ProspectIdValue": {
        "type": "string",
        "description": "A prospect id, `prs_` plus a ULID.",
        "pattern": "^prs_[0-9A-HJKMNP-TV-Z]{26}$",
        "maxLength": 30,
        "examples": [
          "prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR"
        ]
      },
      "OutcomeIdValue": {
        "type": "string",
        "description": "An outcome record id, `out_` plus a ULID.",
        "pattern": "^out_[0-9A-HJKMNP-TV-Z]{26}$",
        "maxLength": 30
      },
      "WorkspaceIdValue": {
        "type": "string",
        "description": "A workspace id, `ws_` plus a ULID.",
        "pattern": "^ws_[0-9A-HJKMNP-TV-Z]{26}$",
        "maxLength": 29
      },
      "EventId": {
        "type": "string",
        "description": "An event id, `evt_` plus a ULID. The same event may be delivered more than once with the same id.",
        "pattern": "^evt_[0-9A-HJKMNP-TV-Z]{26}$",
        "maxLength": 30
      },
      "Timestamp": {
        "type": "string",
        "format": "date-time",
        "description": "RFC 3339 date-time in UTC (`Z`), with milliseconds.",
        "maxLength": 30,
        "examples": [
          "2026-11-22T09:30:00.000Z"
        ]
      },
      "Company": {
        "type": "string",
        "description": "Name of the company, 1-255 characters after trimming surrounding white space.",
        "minLength": 1,
        "maxLength": 255,
        "pattern": "\\S"
      },
      "Domain": {
        "type": [
          "string",
          "null"
        ],
        "format": "hostname",
        "description": "A hostname without scheme or path, e.g. `acme.example`; at most 253 characters.",
        "maxLength": 253
      },
      "Website": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "description": "An absolute `http` or `https` URL with a host (the scheme in any case; a port, if any, 0-65535), so\nthat `new URL(website)` reads it: `https://`, `https://:80`, `https://?x` and `https://ada@/` get 422.\nAt most 2048 characters. The pattern requires the scheme and a host that does not start with `:`;\nthe server and the mock also parse the URL as WHATWG URL does, which refuses a port over 65535.\n",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://([^/?#@]*@)?[^/?#@:][^/?#@]*([/?#]|$)"
      },
      "ProspectLocation": {
        "type": [
          "string",
          "null"
        ],
        "description": "Free-text location; at most 255 characters. Named `ProspectLocation`, not `Location`, so that generated\nclients do not shadow the browser's global `Location`.\n",
        "maxLength": 255
      },
      "ContactName": {
        "type": [
          "string",
          "null"
        ],
        "description": "The contact's display name; at most 255 characters. When a request sends `contact_first_name` or\n`contact_last_name` and not `contact_name`, the service composes it as the non-null parts joined by one\nspace (\"Ada Lovelace\", or \"Ada\" with no last name): on `createProspect` when `contact_name` is absent,\n`null` or blank; on `updateProspect` when the stored `contact_name` is `null` or is itself the\ncomposition of the stored parts (so a name someone wrote, such as \"Dr Ada King\", is never overwritten by\na change to the parts). A `contact_name` sent is stored as sent, whatever the parts.\n",
        "maxLength": 255
      },
      "ContactFirstName": {
        "type": [
          "string",
          "null"
        ],
        "description": "The contact's first (given) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With\n`contact_last_name` it composes `contact_name` (see `ContactName`).\n",
        "maxLength": 127
      },
      "ContactLastName": {
        "type": [
          "string",
          "null"
        ],
        "description": "The contact's last (family) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With\n`contact_first_name` it composes `contact_name` (see `ContactName`).\n",
        "maxLength": 127
      },
      "ContactTitle": {
        "type": [
          "string",
          "null"
        ],
        "description": "The contact's job title, e.g. `Head of Sales`; at most 255 characters; surrounding white space is trimmed and blank means `null`.",
        "maxLength": 255
      },
      "ContactPhone": {
        "type": [
          "string",
          "null"
        ],
        "description": "The contact's phone number as written, e.g. `+44 20 7946 0958` or `(555) 010-9999 ext. 12`: at most 64\ncharacters with at least one digit. Surrounding white space is trimmed and every run of white space\ninside becomes one space; blank means `null`. No other reformatting.\n",
        "maxLength": 64,
        "pattern": "[0-9]"
      },
      "ContactProfileUrl": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "description": "The contact's profile page (LinkedIn, or any other): an absolute `http` or `https` URL with a host, under\nthe same rules as `Website`; at most 2048 characters.\n",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://([^/?#@]*@)?[^/?#@:][^/?#@]*([/?#]|$)"
      },
      "City": {
        "type": [
          "string",
          "null"
        ],
        "description": "The city, e.g. `Lyon`; at most 255 characters; surrounding white space is trimmed and blank means `null`.",
        "maxLength": 255
      },
      "Region": {
        "type": [
          "string",
          "null"
        ],
        "description": "The state, province or region, e.g. `Bavaria`; at most 255 characters; surrounding white space is trimmed and blank means `null`.",
        "maxLength": 255
      },
      "CountryInput": {
        "type": [
          "string",
          "null"
        ],
        "description": "The country as an ISO 3166-1 alpha-2 code, in any case (`fr` or `FR`); stored and answered upper-cased.\nSurrounding white space is trimmed; blank means `null`. Two letters that are not an assigned code\n(`ZZ`, `UK`) give 422.\n",
        "maxLength": 8,
        "pattern": "^\\s*([A-Za-z]{2}\\s*)?$"
      },
      "Country": {
        "type": [
          "string",
          "null"
        ],
        "description": "The country as an upper-case ISO 3166-1 alpha-2 code, e.g. `FR`, or `null`.",
        "pattern": "^[A-Z]{2}$",
        "minLength": 2,
        "maxLength": 2
      },
      "CustomFieldFilterValues": {
        "type": "object",
        "description": "Custom field filter values by key, sent as `name[key]=value` (`style: deepObject`): at most 10 keys\n(`^[a-z][a-z0-9_]{0,39}$`), each value a string of 1-255 characters read by the field's type.\n",
        "maxProperties": 10,
        "propertyNames": {
          "pattern": "^[a-z][a-z0-9_]{0,39}$"
        },
        "additionalProperties": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255
        }
      },
      "CustomFieldValues": {
        "type": "object",
        "description": "The values of the workspace's custom fields, by key (docs/prospects.md, \"Custom fields\"). A workspace\ndefines at most 50 fields in the app (Workspace settings → Fields), each with a key (`^[a-z][a-z0-9_]{0,39}$`),\na label and a type, which sets the value's JSON type: `text` a string of at most 2,000 characters\n(trimmed; blank removes the value), `number` a number, `date` a `YYYY-MM-DD` string, `url` an `http` or\n`https` URL, `email` an email address, `single_select` one of the field's options, `multi_select` an array\nof distinct options, `checkbox` `true` or `false`. A key the workspace has not defined, a value of the\nwrong type, or an option not in the field's list gives 422 under `custom_fields.<key>`. In a response,\nevery value set and no other key; `{}` when none.\n",
        "maxProperties": 50,
        "additionalProperties": {
          "$ref": "#/components/schemas/CustomFieldValue"
        }
      },
      "CustomFieldValueInput": {
        "type": [
          "object",
          "null"
        ],
        "description": "Custom field values to write, by key: on `createProspect` the prospect's values; on `updateProspect`\nonly the keys sent change, and a key sent as `null` removes its value. `null` (the whole object) means\n`{}` on create and changes nothing on update. Rules per type: see `CustomFieldValues`.\n",
        "maxProperties": 50,
        "additionalProperties": {
          "oneOf": [
            {
              "$ref": "#/components/schemas/CustomFieldValue"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "CustomFieldValue": {
        "description": "One custom field's value; its JSON type is the field's type (see `CustomFieldValues`).",
        "oneOf": [
          {
            "type": "string",
            "maxLength": 2000
          },
          {
            "type": "number"
          },
          {
            "type": "boolean"
          },
          {
            "type": "array",
            "maxItems": 50,
            "items": {
              "type": "string",
              "maxLength": 255
            }
          }
        ]
      },
      "ContactEmail": {
        "type": [
          "string",
          "null"
        ],
        "format": "email",
        "description": "Email address of the contact; at most 254 characters.",
        "maxLength": 254
      },
      "Notes": {
        "type": [
          "string",
          "null"
        ],
        "description": "Free-text notes; at most 10,000 characters.",
        "maxLength": 10000
      },
      "Tag": {
        "type": "string",
        "description": "A tag, 1-50 characters after trimming surrounding white space.",
        "minLength": 1,
        "maxLength": 50,
        "pattern": "\\S"
      },
      "OwnerId": {
        "type": [
          "string",
          "null"
        ],
        "description": "Id of the teammate who owns the prospect, at most 64 characters. The app's owner field offers the workspace's teammates (`tm_...`), but the API does not require `owner_id` to name one: any string of at most 64 characters is stored and echoed as sent, so integrations that keep owners in another system (a CRM's user ids) go on working, and a removed teammate's prospects keep their owner. An id that names no teammate is never a 422.",
        "maxLength": 64
      },
      "OutcomeValue": {
        "type": "string",
        "description": "A sales outcome.",
        "enum": [
          "Interested",
          "Not interested",
          "Meeting booked",
          "Won",
          "Lost"
        ]
      },
      "MeetingAt": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "RFC 3339 date-time of the meeting (any offset on input; UTC in responses), or `null`.",
        "maxLength": 35
      },
      "ValueMinor": {
        "type": [
          "integer",
          "null"
        ],
        "format": "int64",
        "description": "Opportunity value in the currency's minor unit (cents for USD), 0 to 2^53-1, or `null`.",
        "minimum": 0,
        "maximum": 9007199254740991
      },
      "Currency": {
        "type": [
          "string",
          "null"
        ],
        "description": "ISO 4217 alphabetic code, upper case (e.g. `EUR`), or `null`.",
        "pattern": "^[A-Z]{3}$",
        "minLength": 3,
        "maxLength": 3
      },
      "ProspectOutcome": {
        "type": "object",
        "description": "The prospect's current sales outcome (the merge of every recorded outcome).",
        "additionalProperties": false,
        "required": [
          "outcome",
          "meeting_at",
          "value_minor",
          "currency",
          "updated_at"
        ],
        "properties": {
          "outcome": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/OutcomeValue"
              },
              {
                "type": "null"
              }
            ]
          },
          "meeting_at": {
            "$ref": "#/components/schemas/MeetingAt"
          },
          "value_minor": {
            "$ref": "#/components/schemas/ValueMinor"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "updated_at": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "Prospect": {
        "type": "object",
        "description": "A sales prospect. Every key is always present; unset values are `null` and `tags` is `[]` when empty.",
        "additionalProperties": false,
        "required": [
          "id",
          "company",
          "domain",
          "website",
          "location",
          "contact_name",
          "contact_email",
          "contact_first_name",
          "contact_last_name",
          "contact_title",
          "contact_phone",
          "contact_profile_url",
          "city",
          "region",
          "country",
          "notes",
          "tags",
          "owner_id",
          "custom_fields",
          "outcome",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/ProspectIdValue"
          },
          "company": {
            "$ref": "#/components/schemas/Company"
          },
          "domain": {
            "$ref": "#/components/schemas/Domain"
          },
          "website": {
            "$ref": "#/components/schemas/Website"
          },
          "location": {
            "$ref": "#/components/schemas/ProspectLocation"
          },
          "contact_name": {
            "$ref": "#/components/schemas/ContactName"
          },
          "contact_email": {
            "$ref": "#/components/schemas/ContactEmail"
          },
          "contact_first_name": {
            "$ref": "#/components/schemas/ContactFirstName"
          },
          "contact_last_name": {
            "$ref": "#/components/schemas/ContactLastName"
          },
          "contact_title": {
            "$ref": "#/components/schemas/ContactTitle"
          },
          "contact_phone": {
            "$ref": "#/components/schemas/ContactPhone"
          },
          "contact_profile_url": {
            "$ref": "#/components/schemas/ContactProfileUrl"
          },
          "city": {
            "$ref": "#/components/schemas/City"
          },
          "region": {
            "$ref": "#/components/schemas/Region"
          },
          "country": {
            "$ref": "#/components/schemas/Country"
          },
          "notes": {
            "$ref": "#/components/schemas/Notes"
          },
          "tags": {
            "type": "array",
            "description": "The prospect's tags, unique, in the order last sent.",
            "maxItems": 50,
            "items": {
              "$ref": "#/components/schemas/Tag"
            }
          },
          "owner_id": {
            "$ref": "#/components/schemas/OwnerId"
          },
          "custom_fields": {
            "$ref": "#/components/schemas/CustomFieldValues"
          },
          "outcome": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/ProspectOutcome"
              },
              {
                "type": "null"
              }
            ]
          },
          "created_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "updated_at": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "TagList": {
        "type": [
          "array",
          "null"
        ],
        "description": "At most 50 unique tags (compared after trimming); replaces the whole list. `null` clears it to `[]`.",
        "maxItems": 50,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/Tag"
        }
      },
      "ProspectCreate": {
        "type": "object",
        "description": "A new prospect. `company` is required; every other field is optional and may be `null`. Unknown fields give 422.",
        "additionalProperties": false,
        "required": [
          "company"
        ],
        "properties": {
          "company": {
            "$ref": "#/components/schemas/Company"
          },
          "domain": {
            "$ref": "#/components/schemas/Domain"
          },
          "website": {
            "$ref": "#/components/schemas/Website"
          },
          "location": {
            "$ref": "#/components/schemas/ProspectLocation"
          },
          "contact_name": {
            "$ref": "#/components/schemas/ContactName"
          },
          "contact_email": {
            "$ref": "#/components/schemas/ContactEmail"
          },
          "contact_first_name": {
            "$ref": "#/components/schemas/ContactFirstName"
          },
          "contact_last_name": {
            "$ref": "#/components/schemas/ContactLastName"
          },
          "contact_title": {
            "$ref": "#/components/schemas/ContactTitle"
          },
          "contact_phone": {
            "$ref": "#/components/schemas/ContactPhone"
          },
          "contact_profile_url": {
            "$ref": "#/components/schemas/ContactProfileUrl"
          },
          "city": {
            "$ref": "#/components/schemas/City"
          },
          "region": {
            "$ref": "#/components/schemas/Region"
          },
          "country": {
            "$ref": "#/components/schemas/CountryInput"
          },
          "notes": {
            "$ref": "#/components/schemas/Notes"
          },
          "tags": {
            "$ref": "#/components/schemas/TagList"
          },
          "owner_id": {
            "$ref": "#/components/schemas/OwnerId"
          },
          "custom_fields": {
            "$ref": "#/components/schemas/CustomFieldValueInput"
          }
        },
        "examples": [
          {
            "company": "Acme Ltd",
            "domain": "acme.example",
            "contact_name": "Ada Lovelace",
            "contact_email": "ada@acme.example",
            "tags": [
              "enterprise",
              "emea"
            ]
          }
        ]
      },
      "ProspectUpdate": {
        "type": "object",
        "description": "A partial update: only the fields sent change. `company` cannot be `null`; `null` clears any other\nfield. `{}` is a valid no-op. Unknown fields give 422.\n",
        "additionalProperties": false,
        "properties": {
          "company": {
            "$ref": "#/components/schemas/Company"
          },
          "domain": {
            "$ref": "#/components/schemas/Domain"
          },
          "website": {
            "$ref": "#/components/schemas/Website"
          },
          "location": {
            "$ref": "#/components/schemas/ProspectLocation"
          },
          "contact_name": {
            "$ref": "#/components/schemas/ContactName"
          },
          "contact_email": {
            "$ref": "#/components/schemas/ContactEmail"
          },
          "contact_first_name": {
            "$ref": "#/components/schemas/ContactFirstName"
          },
          "contact_last_name": {
            "$ref": "#/components/schemas/ContactLastName"
          },
          "contact_title": {
            "$ref": "#/components/schemas/ContactTitle"
          },
          "contact_phone": {
            "$ref": "#/components/schemas/ContactPhone"
          },
          "contact_profile_url": {
            "$ref": "#/components/schemas/ContactProfileUrl"
          },
          "city": {
            "$ref": "#/components/schemas/City"
          },
          "region": {
            "$ref": "#/components/schemas/Region"
          },
          "country": {
            "$ref": "#/components/schemas/CountryInput"
          },
          "notes": {
            "$ref": "#/components/schemas/Notes"
          },
          "tags": {
            "$ref": "#/components/schemas/TagList"
          },
          "owner_id": {
            "$ref": "#/components/schemas/OwnerId"
          },
          "custom_fields": {
            "$ref": "#/components/schemas/CustomFieldValueInput"
          }
        }
      },
      "PaginationLinks": {
        "type": "object",
        "description": "Absolute URLs of neighbouring pages; they keep the filters, `sort`, `count` (when not the default) and\n`per_page`. `first` and `last` ask by `page`; `prev` and `next` carry a `cursor` (see the `cursor`\nparameter) when the page has items, and are `null` where there is none.\n",
        "additionalProperties": false,
        "required": [
          "first",
          "last",
          "prev",
          "next"
        ],
        "properties": {
          "first": {
            "type": "string",
            "format": "uri",
            "maxLength": 4096
          },
          "last": {
            "type": "string",
            "format": "uri",
            "maxLength": 4096
          },
          "prev": {
            "type": [
              "string",
              "null"
            ],
            "format": "uri",
            "maxLength": 4096
          },
          "next": {
            "type": [
              "string",
              "null"
            ],
            "format": "uri",
            "maxLength": 4096
          }
        }
      },
      "PaginationMeta": {
        "type": "object",
        "description": "Laravel paginator metadata. `from` and `to` are 1-based positions, `null` on an empty page; `last_page`\nis at least 1. `total` is exact when `total_relation` is `eq` and a lower bound when it is `gte` (see\nthe `count` parameter); `has_more` says whether items follow this page.\n",
        "additionalProperties": false,
        "required": [
          "current_page",
          "from",
          "last_page",
          "path",
          "per_page",
          "to",
          "total",
          "total_relation",
          "has_more"
        ],
        "properties": {
          "current_page": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 2147483647
          },
          "from": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991
          },
          "last_page": {
            "type": "integer",
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991
          },
          "path": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "The list's absolute URL without a query string."
          },
          "per_page": {
            "type": "integer",
            "format": "int32",
            "minimum": 1,
            "maximum": 100
          },
          "to": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991
          },
          "total": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9007199254740991
          },
          "total_relation": {
            "type": "string",
            "enum": [
              "eq",
              "gte"
            ],
            "description": "`eq`: `total` is the number of matches; `gte`: there are at least `total`."
          },
          "has_more": {
            "type": "boolean",
            "description": "Whether items follow this page in the list's order."
          }
        }
      },
      "ProspectList": {
        "type": "object",
        "description": "One page of prospects, newest first.",
        "additionalProperties": false,
        "required": [
          "data",
          "links",
          "meta"
        ],
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/Prospect"
            }
          },
          "links": {
            "$ref": "#/components/schemas/PaginationLinks"
          },
          "meta": {
            "$ref": "#/components/schemas/PaginationMeta"
          }
        }
      },
      "RecordOutcomeRequest": {
        "type": "object",
        "description": "Fields to merge into the prospect's current outcome; at least one must be sent. After merging,\n`value_minor` and `currency` must be both set or both `null` (422 otherwise).\n",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {
          "outcome": {
            "$ref": "#/components/schemas/OutcomeValue"
          },
          "meeting_at": {
            "$ref": "#/components/schemas/MeetingAt"
          },
          "value_minor": {
            "$ref": "#/components/schemas/ValueMinor"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          }
        },
        "examples": [
          {
            "outcome": "Meeting booked",
            "meeting_at": "2026-12-01T15:00:00Z",
            "value_minor": 1250000,
            "currency": "EUR"
          }
        ]
      },
      "OutcomeResult": {
        "type": "object",
        "description": "One recorded outcome, holding the merged state after the call.",
        "additionalProperties": false,
        "required": [
          "id",
          "prospect_id",
          "outcome",
          "meeting_at",
          "value_minor",
          "currency",
          "recorded_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/OutcomeIdValue"
          },
          "prospect_id": {
            "$ref": "#/components/schemas/ProspectIdValue"
          },
          "outcome": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/OutcomeValue"
              },
              {
                "type": "null"
              }
            ]
          },
          "meeting_at": {
            "$ref": "#/components/schemas/MeetingAt"
          },
          "value_minor": {
            "$ref": "#/components/schemas/ValueMinor"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "recorded_at": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "ErrorResponse": {
        "type": "object",
        "description": "An error. `message` says what went wrong; it never carries a stack trace or a secret. Named\n`ErrorResponse`, not `Error`, so that generated clients do not shadow JavaScript's global `Error`.\n",
        "additionalProperties": false,
        "required": [
          "message"
        ],
        "properties": {
          "message": {
            "type": "string",
            "maxLength": 1024
          }
        }
      },
      "ValidationError": {
        "type": "object",
        "description": "A 422 in Laravel's shape: `errors` maps each failing field path (dots for nesting, e.g. `tags.3`) to its\nmessages; `message` is the first message plus ` (and N more errors)` when there are more.\n",
        "additionalProperties": false,
        "required": [
          "message",
          "errors"
        ],
        "properties": {
          "message": {
            "type": "string",
            "maxLength": 1024
          },
          "errors": {
            "type": "object",
            "maxProperties": 256,
            "additionalProperties": {
              "type": "array",
              "minItems": 1,
              "maxItems": 16,
              "items": {
                "type": "string",
                "maxLength": 1024
              }
            }
          }
        }
      },
      "EventType": {
        "type": "string",
        "description": "An event kind.",
        "enum": [
          "prospect.created",
          "inbox.reply.received",
          "conversation.assigned",
          "prospect.outcome.updated",
          "opportunity.updated",
          "meeting.booked",
          "opportunity.won"
        ]
      },
      "ProspectEventData": {
        "type": "object",
        "description": "Data of `prospect.created` and `inbox.reply.received`.",
        "additionalProperties": false,
        "required": [
          "prospect_id",
          "company",
          "contact_email"
        ],
        "properties": {
          "prospect_id": {
            "$ref": "#/components/schemas/ProspectIdValue"
          },
          "company": {
            "$ref": "#/components/schemas/Company"
          },
          "contact_email": {
            "$ref": "#/components/schemas/ContactEmail"
          }
        }
      },
      "ConversationAssignedData": {
        "type": "object",
        "description": "Data of `conversation.assigned`. `assignee_id` is the teammate's id, or `null` when the conversation was unassigned.",
        "additionalProperties": false,
        "required": [
          "prospect_id",
          "assignee_id"
        ],
        "properties": {
          "prospect_id": {
            "$ref": "#/components/schemas/ProspectIdValue"
          },
          "assignee_id": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 64
          }
        }
      },
      "OutcomeEventData": {
        "type": "object",
        "description": "Data of the four outcome events, carrying the prospect's merged outcome; `null` where unset.",
        "additionalProperties": false,
        "required": [
          "prospect_id",
          "outcome",
          "meeting_at",
          "value_minor",
          "currency"
        ],
        "properties": {
          "prospect_id": {
            "$ref": "#/components/schemas/ProspectIdValue"
          },
          "outcome": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/OutcomeValue"
              },
              {
                "type": "null"
              }
            ]
          },
          "meeting_at": {
            "$ref": "#/components/schemas/MeetingAt"
          },
          "value_minor": {
            "$ref": "#/components/schemas/ValueMinor"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          }
        }
      },
      "ProspectCreatedEvent": {
        "type": "object",
        "description": "Envelope of `prospect.created`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "prospect.created"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/ProspectEventData"
          }
        }
      },
      "InboxReplyReceivedEvent": {
        "type": "object",
        "description": "Envelope of `inbox.reply.received`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "inbox.reply.received"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/ProspectEventData"
          }
        }
      },
      "ConversationAssignedEvent": {
        "type": "object",
        "description": "Envelope of `conversation.assigned`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "conversation.assigned"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationAssignedData"
          }
        }
      },
      "ProspectOutcomeUpdatedEvent": {
        "type": "object",
        "description": "Envelope of `prospect.outcome.updated`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "prospect.outcome.updated"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/OutcomeEventData"
          }
        }
      },
      "OpportunityUpdatedEvent": {
        "type": "object",
        "description": "Envelope of `opportunity.updated`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "opportunity.updated"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/OutcomeEventData"
          }
        }
      },
      "MeetingBookedEvent": {
        "type": "object",
        "description": "Envelope of `meeting.booked`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "meeting.booked"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/OutcomeEventData"
          }
        }
      },
      "OpportunityWonEvent": {
        "type": "object",
        "description": "Envelope of `opportunity.won`.",
        "additionalProperties": false,
        "required": [
          "id",
          "event",
          "workspace_id",
          "occurred_at",
          "data"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EventId"
          },
          "event": {
            "type": "string",
            "const": "opportunity.won"
          },
          "workspace_id": {
            "$ref": "#/components/schemas/WorkspaceIdValue"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/Timestamp"
          },
          "data": {
            "$ref": "#/components/schemas/OutcomeEventData"
          }
        }
      },
      "WebhookEvent": {
        "type": "object",
        "description": "Any event envelope, told apart by `event`. `type: object` beside the discriminator is what strict JSON\nSchema validators (ajv in strict mode) need to accept it. The `mapping` is for code generators, which\notherwise take the schema names for the values of `event`; ajv's `discriminator: true` reads each\nbranch's `const` instead and refuses a `mapping`, so drop it before compiling with ajv.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/ProspectCreatedEvent"
          },
          {
            "$ref": "#/components/schemas/InboxReplyReceivedEvent"
          },
          {
            "$ref": "#/components/schemas/ConversationAssignedEvent"
          },
          {
            "$ref": "#/components/schemas/ProspectOutcomeUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/OpportunityUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/MeetingBookedEvent"
          },
          {
            "$ref": "#/components/schemas/OpportunityWonEvent"
          }
        ],
        "discriminator": {
          "propertyName": "event",
          "mapping": {
            "prospect.created": "#/components/schemas/ProspectCreatedEvent",
            "inbox.reply.received": "#/components/schemas/InboxReplyReceivedEvent",
            "conversation.assigned": "#/components/schemas/ConversationAssignedEvent",
            "prospect.outcome.updated": "#/components/schemas/ProspectOutcomeUpdatedEvent",
            "opportunity.updated": "#/components/schemas/OpportunityUpdatedEvent",
            "meeting.booked": "#/components/schemas/MeetingBookedEvent",
            "opportunity.won": "#/components/schemas/OpportunityWonEvent"
          }
        }
      }
    }
  }
} as const;

/** The text of openapi/openapi.yaml, served as is at `/openapi.yaml`. */
export const contractYaml = "openapi: 3.1.0\ninfo:\n  title: Prospect Management and Webhook Service\n  version: 0.2.0\n  summary: Prospects, sales outcomes and signed webhook events for one workspace.\n  description: |\n    The Prospect Management and Webhook Service keeps a workspace's sales prospects and their sales outcomes,\n    and sends signed JSON webhook events when they change. This document is the hand-written contract that the\n    ProspectKit reference server, SDK, webhook verifier and mock all follow. Where the service specification\n    says \"not shown\", the decision taken is written here, next to the thing it governs.\n\n    ## Media\n    Requests and responses are JSON (`application/json`). A request body with another `Content-Type` gets\n    **415**; a body that is not valid JSON gets **400**; a body over 1 MiB (1,048,576 bytes) gets **413**. All\n    three carry `{message}`. Every response carries `X-Request-Id` (a client-sent `X-Request-Id` of 1-128\n    visible ASCII characters is echoed, otherwise one is generated).\n\n    ## HEAD\n    HEAD is answered wherever GET is (RFC 9110 section 9.3.2), with GET's order of checks, ability, status and\n    headers and no body; it is not listed as an operation of its own. A 405's `Allow` names it beside GET.\n\n    ## Query parameters\n    A query parameter an operation does not declare is ignored (a proxy's cache-buster, `?sort=asc`): it is\n    neither validated nor echoed in `links`. Declared ones are validated (**422**). Unknown fields in a request\n    body are still refused with **422** naming them. An integer parameter (`page`, `per_page`) is written in\n    decimal digits, with `-` for a negative number and no `+`, decimal point, exponent or leading zero\n    (`^-?(0|[1-9][0-9]*)$`), so `0x2`, `1e1`, `+2`, `2.0` and `010` get **422** `must be an integer`, like\n    `two`; `-1` is an integer below the minimum (**422** `must be at least 1`).\n\n    ## Ids\n    Ids are opaque strings: a type prefix plus a ULID (26 Crockford base32 characters, time-sortable).\n    Prospects `prs_`, outcomes `out_`, events `evt_`, webhooks `wh_`, deliveries `del_`, tokens `tok_` (the\n    token's id, never its secret) and workspaces `ws_`. An unknown, malformed or other-workspace id gives\n    **404**, never 422 or 500.\n\n    ## Authentication\n    Every request carries `Authorization: Bearer <token>`: the scheme in any case (`bearer` and `BEARER` are\n    read alike; RFC 9110 section 11.1), one space, then the token. A token is `pkt_` followed by 30 random\n    base62 characters and a 6-character base62 CRC32 checksum of those 30 (so leaked-secret scanners can spot\n    tokens and typos fail fast). The service stores only a SHA-256 hash of it. A token belongs to one workspace, has a\n    name, a non-empty set of abilities (`prospects:read`, `prospects:write`, `outcomes:write`), an expiry at\n    most one year after creation, and can be revoked. Tokens and webhooks are created and revoked in the app's\n    settings area (Workspace settings, Automation & API), never through this API.\n\n    A missing, malformed, unknown, expired or revoked token, or a token of a suspended workspace, gets the\n    same **401** `{\"message\": \"Unauthenticated.\"}` with `WWW-Authenticate: Bearer`, so the answer reveals\n    nothing about why. A token without the ability an operation needs gets **403** naming it, e.g.\n    `{\"message\": \"This token lacks the prospects:write ability.\"}`.\n\n    ## Order of checks\n    Each request is checked in this order, and the first failing check answers:\n    1. rate limit (**429**);\n    2. authentication (**401**);\n    3. ability (**403**);\n    4. the request body's media: content type (**415**), size (**413**), JSON syntax (**400**);\n    5. existence of the prospect named in the path (**404**);\n    6. validation of query parameters and body (**422**).\n\n    ## Rate limit\n    60 requests per minute per client address, counted across every server instance that shares a database.\n    Excess gets **429** `{\"message\": \"Too Many Attempts.\"}` with `Retry-After` (whole seconds),\n    `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`. Responses under the limit carry\n    `X-RateLimit-Limit` and `X-RateLimit-Remaining`, except that `X-RateLimit-Remaining` is left out when the\n    counter cannot be reached and the request is let through uncounted. The headers the service always sends\n    are marked `required: true` (see `components.headers`).\n\n    ## Errors\n    Every error body has `message`. A **422** is `{message, errors}` (Laravel's shape): `errors` maps each\n    failing field path (dots for nesting, e.g. `tags.3`) to a list of messages, and `message` is the first\n    error, followed by ` (and N more errors)` when there are more (` (and 1 more error)` for exactly one).\n\n    ## Webhooks\n    Events are delivered as signed HTTPS `POST` requests to a webhook's address; see the `webhooks` section\n    for every event, its envelope and its headers. Delivery: any 2xx within 10 seconds is success; a timeout,\n    a network error, 408, 429 or any 5xx is retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5\n    attempts in all); any other status fails the delivery. Redirects are never followed. The same event may\n    arrive more than once: receivers skip duplicates by the envelope `id`.\n\n    A webhook's address is `https`, on port 443 (explicit or implied), with no query, fragment or userinfo.\n    A webhook subscribes to a non-empty subset of the seven events. Its signing secret is `whk_` followed by\n    32 random base62 characters.\n\n    ## Versioning\n    The version is part of the path (`/api/v1`). `info.version` is the version of `@prospectkit/server` that\n    this contract belongs to, and every answer under `/api/v1` carries it in `API-Version`. What may change\n    within `/api/v1`, how a deprecated operation or parameter is announced (`deprecated: true` here, and the\n    `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers on its answers, from `x-deprecated-at` and\n    `x-sunset-at`), and when an `/api/v2` would start is the versioning policy, docs/versioning.md\n    (https://github.com/prospectkit/prospectkit/blob/main/docs/versioning.md). A behaviour described here that\n    changed is marked with `x-behaviour-changed: [\"<version>: <what changed>\"]` where it is described.\n    Campaign endpoints are out of scope: the service specification does not show them.\n  contact:\n    name: ProspectKit maintainers\n    url: https://github.com/prospectkit/prospectkit\n  license:\n    name: MIT\n    identifier: MIT\nservers:\n  - url: \"{base_url}\"\n    x-internal: false\n    description: |\n      The service's base address, which already includes the version segment `/api/v1`. The reference\n      server's default is `http://localhost:3000/api/v1`.\n    variables:\n      base_url:\n        default: http://localhost:3000/api/v1\n        description: Base address including `/api/v1`.\nsecurity:\n  - bearerAuth: []\ntags:\n  - name: Prospects\n    description: A workspace's sales prospects.\n  - name: Outcomes\n    description: Sales outcomes (outcome, meeting time, opportunity value) recorded on a prospect.\npaths:\n  /prospects:\n    get:\n      operationId: listProspects\n      summary: List prospects\n      description: |\n        Lists the workspace's prospects, newest first (`created_at` descending, then `id` descending, stable\n        across pages) unless `sort` says otherwise, in the Laravel paginator shape. A page past the last gives\n        200 with empty `data`. Out-of-range `page` or `per_page` gives 422; values are never clamped silently.\n        The filters (`search`, `tag`, `owner_id`, `outcome`, `created_after`, `created_before`, and the custom\n        fields' `custom_fields[key]`, `custom_fields_gte[key]`, `custom_fields_lte[key]`) combine with AND.\n        A page is asked for by number (`page`) or by the opaque `cursor` of `links.next` and `links.prev`, which\n        walks any depth at the cost of the first page; `count` says how `meta.total` is counted.\n      tags: [Prospects]\n      security:\n        - bearerAuth: [\"prospects:read\"]\n      parameters:\n        - $ref: \"#/components/parameters/Search\"\n        - $ref: \"#/components/parameters/TagFilter\"\n        - $ref: \"#/components/parameters/OwnerIdFilter\"\n        - $ref: \"#/components/parameters/OutcomeFilter\"\n        - $ref: \"#/components/parameters/CreatedAfter\"\n        - $ref: \"#/components/parameters/CreatedBefore\"\n        - $ref: \"#/components/parameters/CustomFieldsFilter\"\n        - $ref: \"#/components/parameters/CustomFieldsGte\"\n        - $ref: \"#/components/parameters/CustomFieldsLte\"\n        - $ref: \"#/components/parameters/Sort\"\n        - $ref: \"#/components/parameters/Cursor\"\n        - $ref: \"#/components/parameters/Count\"\n        - $ref: \"#/components/parameters/Page\"\n        - $ref: \"#/components/parameters/PerPage\"\n      responses:\n        \"200\":\n          description: One page of prospects.\n          headers:\n            API-Version:\n              $ref: \"#/components/headers/API-Version\"\n            X-Request-Id:\n              $ref: \"#/components/headers/X-Request-Id\"\n            X-RateLimit-Limit:\n              $ref: \"#/components/headers/X-RateLimit-Limit\"\n            X-RateLimit-Remaining:\n              $ref: \"#/components/headers/X-RateLimit-Remaining\"\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/ProspectList\"\n        \"401\":\n          $ref: \"#/components/responses/Unauthenticated\"\n        \"403\":\n          $ref: \"#/components/responses/Forbidden\"\n        \"422\":\n          $ref: \"#/components/responses/ValidationFailed\"\n        \"429\":\n          $ref: \"#/components/responses/TooManyRequests\"\n        \"500\":\n          $ref: \"#/components/responses/ServerError\"\n    post:\n      operationId: createProspect\n      summary: Create a prospect\n      description: |\n        Creates a prospect. `company` is required; every other field is optional and may be `null`. An\n        unknown field gives 422 naming it. Emits `prospect.created` in the same transaction.\n      tags: [Prospects]\n      security:\n        - bearerAuth: [\"prospects:write\"]\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/ProspectCreate\"\n      responses:\n        \"201\":\n          description: The created prospect.\n          headers:\n            Location:\n              $ref: \"#/components/headers/Location\"\n            API-Version:\n              $ref: \"#/components/headers/API-Version\"\n            X-Request-Id:\n              $ref: \"#/components/headers/X-Request-Id\"\n            X-RateLimit-Limit:\n              $ref: \"#/components/headers/X-RateLimit-Limit\"\n            X-RateLimit-Remaining:\n              $ref: \"#/components/headers/X-RateLimit-Remaining\"\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Prospect\"\n        \"400\":\n          $ref: \"#/components/responses/MalformedJson\"\n        \"401\":\n          $ref: \"#/components/responses/Unauthenticated\"\n        \"403\":\n          $ref: \"#/components/responses/Forbidden\"\n        \"413\":\n          $ref: \"#/components/responses/PayloadTooLarge\"\n        \"415\":\n          $ref: \"#/components/responses/UnsupportedMediaType\"\n        \"422\":\n          $ref: \"#/components/responses/ValidationFailed\"\n        \"429\":\n          $ref: \"#/components/responses/TooManyRequests\"\n        \"500\":\n          $ref: \"#/components/responses/ServerError\"\n  /prospects/{id}:\n    parameters:\n      - $ref: \"#/components/parameters/ProspectId\"\n    get:\n      operationId: getProspect\n      summary: Get a prospect\n      description: Returns one prospect of the token's workspace. An unknown, malformed or other-workspace id gives 404.\n      tags: [Prospects]\n      security:\n        - bearerAuth: [\"prospects:read\"]\n      responses:\n        \"200\":\n          description: The prospect.\n          headers:\n            API-Version:\n              $ref: \"#/components/headers/API-Version\"\n            X-Request-Id:\n              $ref: \"#/components/headers/X-Request-Id\"\n            X-RateLimit-Limit:\n              $ref: \"#/components/headers/X-RateLimit-Limit\"\n            X-RateLimit-Remaining:\n              $ref: \"#/components/headers/X-RateLimit-Remaining\"\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Prospect\"\n        \"401\":\n          $ref: \"#/components/responses/Unauthenticated\"\n        \"403\":\n          $ref: \"#/components/responses/Forbidden\"\n        \"404\":\n          $ref: \"#/components/responses/NotFound\"\n        \"429\":\n          $ref: \"#/components/responses/TooManyRequests\"\n        \"500\":\n          $ref: \"#/components/responses/ServerError\"\n    patch:\n      operationId: updateProspect\n      summary: Update a prospect\n      description: |\n        Changes only the fields sent; `tags` replaces the whole list; `null` clears an optional field (and\n        `tags: null` clears the list to `[]`); `company` cannot be cleared. `{}` is a valid no-op that still\n        answers 200 with the prospect. An unknown field gives 422 naming it. Needs `prospects:write`.\n      tags: [Prospects]\n      security:\n        - bearerAuth: [\"prospects:write\"]\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/ProspectUpdate\"\n      responses:\n        \"200\":\n          description: The updated prospect.\n          headers:\n            API-Version:\n              $ref: \"#/components/headers/API-Version\"\n            X-Request-Id:\n              $ref: \"#/components/headers/X-Request-Id\"\n            X-RateLimit-Limit:\n              $ref: \"#/components/headers/X-RateLimit-Limit\"\n            X-RateLimit-Remaining:\n              $ref: \"#/components/headers/X-RateLimit-Remaining\"\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Prospect\"\n        \"400\":\n          $ref: \"#/components/responses/MalformedJson\"\n        \"401\":\n          $ref: \"#/components/responses/Unauthenticated\"\n        \"403\":\n          $ref: \"#/components/responses/Forbidden\"\n        \"404\":\n          $ref: \"#/components/responses/NotFound\"\n        \"413\":\n          $ref: \"#/components/responses/PayloadTooLarge\"\n        \"415\":\n          $ref: \"#/components/responses/UnsupportedMediaType\"\n        \"422\":\n          $ref: \"#/components/responses/ValidationFailed\"\n        \"429\":\n          $ref: \"#/components/responses/TooManyRequests\"\n        \"500\":\n          $ref: \"#/components/responses/ServerError\"\n  /prospects/{id}/outcomes:\n    parameters:\n      - $ref: \"#/components/parameters/ProspectId\"\n    post:\n      operationId: recordOutcome\n      summary: Record a sales outcome\n      description: |\n        Records a sales outcome, meeting time and opportunity value on a prospect. The prospect's current\n        outcome is merged with the fields sent (fields not sent keep their value) and each call is kept as\n        history. At least one field must be sent; after merging, `value_minor` and `currency` are both set or\n        both `null`. Answers with the merged state.\n\n        Events, in one transaction with the change and carrying the merged state, in this order:\n        1. `prospect.outcome.updated`, always;\n        2. `opportunity.updated`, always;\n        3. `meeting.booked` when `meeting_at` was sent non-null and differs from the previous value, or the\n           outcome changed to `Meeting booked` (once per call even if both);\n        4. `opportunity.won` when the outcome changed to `Won` from anything else.\n      tags: [Outcomes]\n      security:\n        - bearerAuth: [\"outcomes:write\"]\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/RecordOutcomeRequest\"\n      responses:\n        \"201\":\n          description: The recorded outcome, as merged with the prospect's previous outcome.\n          headers:\n            API-Version:\n              $ref: \"#/components/headers/API-Version\"\n            X-Request-Id:\n              $ref: \"#/components/headers/X-Request-Id\"\n            X-RateLimit-Limit:\n              $ref: \"#/components/headers/X-RateLimit-Limit\"\n            X-RateLimit-Remaining:\n              $ref: \"#/components/headers/X-RateLimit-Remaining\"\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/OutcomeResult\"\n        \"400\":\n          $ref: \"#/components/responses/MalformedJson\"\n        \"401\":\n          $ref: \"#/components/responses/Unauthenticated\"\n        \"403\":\n          $ref: \"#/components/responses/Forbidden\"\n        \"404\":\n          $ref: \"#/components/responses/NotFound\"\n        \"413\":\n          $ref: \"#/components/responses/PayloadTooLarge\"\n        \"415\":\n          $ref: \"#/components/responses/UnsupportedMediaType\"\n        \"422\":\n          $ref: \"#/components/responses/ValidationFailed\"\n        \"429\":\n          $ref: \"#/components/responses/TooManyRequests\"\n        \"500\":\n          $ref: \"#/components/responses/ServerError\"\nwebhooks:\n  prospect.created:\n    post:\n      operationId: prospectCreatedEvent\n      summary: prospect.created\n      description: A prospect was added in the app, by import or through the API.\n      tags: [Prospects]\n      security: []\n      parameters: &deliveryHeaders\n        - $ref: \"#/components/parameters/ServiceEventId\"\n        - $ref: \"#/components/parameters/ServiceEvent\"\n        - $ref: \"#/components/parameters/ServiceTimestamp\"\n        - $ref: \"#/components/parameters/ServiceSignature\"\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/ProspectCreatedEvent\"\n      responses: &deliveryResponses\n        \"2XX\":\n          description: Any 2xx within 10 seconds acknowledges the delivery.\n        \"408\":\n          description: Retried, like a timeout, a network error, 429 and any 5xx.\n        \"429\":\n          description: Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all).\n        \"5XX\":\n          description: Retried after 1 minute, 5 minutes, 30 minutes and 2 hours (5 attempts in all).\n        default:\n          description: Any other status (including 3xx, which is never followed) fails the delivery without retry.\n  inbox.reply.received:\n    post:\n      operationId: inboxReplyReceivedEvent\n      summary: inbox.reply.received\n      description: A prospect replied to an email that was sent.\n      tags: [Prospects]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/InboxReplyReceivedEvent\"\n      responses: *deliveryResponses\n  conversation.assigned:\n    post:\n      operationId: conversationAssignedEvent\n      summary: conversation.assigned\n      description: A conversation was assigned to a teammate (`assignee_id` set) or unassigned (`assignee_id` null).\n      tags: [Prospects]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/ConversationAssignedEvent\"\n      responses: *deliveryResponses\n  prospect.outcome.updated:\n    post:\n      operationId: prospectOutcomeUpdatedEvent\n      summary: prospect.outcome.updated\n      description: A sales outcome, meeting or value was recorded for a prospect. Sent on every recorded outcome.\n      tags: [Outcomes]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/ProspectOutcomeUpdatedEvent\"\n      responses: *deliveryResponses\n  opportunity.updated:\n    post:\n      operationId: opportunityUpdatedEvent\n      summary: opportunity.updated\n      description: Sent alongside (right after) every `prospect.outcome.updated`.\n      tags: [Outcomes]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/OpportunityUpdatedEvent\"\n      responses: *deliveryResponses\n  meeting.booked:\n    post:\n      operationId: meetingBookedEvent\n      summary: meeting.booked\n      description: |\n        `meeting_at` was sent non-null and differs from the previous value, or the outcome changed to\n        `Meeting booked`. Sent once per recorded outcome even when both hold.\n      tags: [Outcomes]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/MeetingBookedEvent\"\n      responses: *deliveryResponses\n  opportunity.won:\n    post:\n      operationId: opportunityWonEvent\n      summary: opportunity.won\n      description: The outcome changed to `Won` from anything else.\n      tags: [Outcomes]\n      security: []\n      parameters: *deliveryHeaders\n      requestBody:\n        required: true\n        content:\n          application/json:\n            schema:\n              $ref: \"#/components/schemas/OpportunityWonEvent\"\n      responses: *deliveryResponses\ncomponents:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: pkt_<30 base62><6 base62 CRC32>\n      description: |\n        `Authorization: Bearer pkt_...`, the scheme in any case (RFC 9110 section 11.1). The scopes listed on each operation are the token abilities it needs:\n        `prospects:read`, `prospects:write` or `outcomes:write`.\n  parameters:\n    ProspectId:\n      name: id\n      in: path\n      required: true\n      description: The prospect's id (`prs_` plus a ULID). Any unknown, malformed or other-workspace id gives 404.\n      schema:\n        type: string\n        maxLength: 64\n      example: prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR\n    Search:\n      name: search\n      in: query\n      required: false\n      x-behaviour-changed:\n        - \"0.2.0: a term matches the start of words, of an email or of a domain, no longer any substring (`velace` no longer finds Lovelace)\"\n        - \"unreleased: words are compared without accents (`societe` finds Société)\"\n      description: |\n        Case-insensitive filter over `company`, `domain`, `contact_name` and `contact_email`, read one of three\n        ways (surrounding white space ignored):\n        - a term with `@` finds contacts whose `contact_email` starts with it: `ada@acme` and\n          `ada@acme.example` find `ada@acme.example`;\n        - a term with `.` and no `@` or white space finds prospects whose `domain` starts with it: `acme.example`\n          and `acme.ex` find `acme.example`;\n        - any other term is split into words at every ASCII character that is not a letter or digit (letters\n          outside ASCII, such as `ä`, belong to their word), and finds prospects where each word starts a word\n          of those four fields, in any order and in any of them: `ada love` and `love ada` find Ada Lovelace,\n          `acme` finds `Acme Ltd`, `acme.example` and `ada@acme.example`, `gmail` finds `x@gmail.com`. A term\n          with no letters or digits finds nothing.\n        Letters are compared one at a time after simple lower-casing (`İ` is `i`; a final `Σ` is `σ`, not `ς`).\n        Words are also compared without accents, as PostgreSQL's `unaccent` reads them: `societe` finds\n        `Société`, `zurich` finds `Zürich`, `strasse` finds `Straße`, and `Société` finds `Societe`.\n        Not found: the inside of a word (`velace`\n        for Lovelace, `cme` for Acme) and `%`, `_` or other punctuation as characters to match. An empty `search` (`?search=`, what a form with an empty search box sends) is no filter,\n        as if it were not sent, and `links` leave it out.\n      schema:\n        type: string\n        maxLength: 255\n    TagFilter:\n      name: tag\n      in: query\n      required: false\n      style: form\n      explode: true\n      description: |\n        Prospects that have this tag, compared exactly as stored (case counts; surrounding white space of the\n        value is ignored, as it is when a tag is stored). Repeat it (`?tag=q4&tag=salesnav`, at most 10) for\n        prospects that have every one of them.\n      schema:\n        type: array\n        maxItems: 10\n        items:\n          $ref: \"#/components/schemas/Tag\"\n    OwnerIdFilter:\n      name: owner_id\n      in: query\n      required: false\n      description: |\n        Prospects whose `owner_id` is this value (compared exactly), or `none` for prospects without an owner\n        (`owner_id` is `null`).\n      schema:\n        type: string\n        minLength: 1\n        maxLength: 64\n    OutcomeFilter:\n      name: outcome\n      in: query\n      required: false\n      description: Prospects whose current `outcome` is this value, or `none` for prospects without an outcome.\n      schema:\n        type: string\n        enum: [Interested, Not interested, Meeting booked, Won, Lost, none]\n    CreatedAfter:\n      name: created_after\n      in: query\n      required: false\n      description: Prospects created strictly after this RFC 3339 date-time (`created_at` later than it).\n      schema:\n        type: string\n        format: date-time\n        maxLength: 35\n    CreatedBefore:\n      name: created_before\n      in: query\n      required: false\n      description: Prospects created strictly before this RFC 3339 date-time (`created_at` earlier than it).\n      schema:\n        type: string\n        format: date-time\n        maxLength: 35\n    CustomFieldsFilter:\n      name: custom_fields\n      in: query\n      required: false\n      style: deepObject\n      explode: true\n      description: |\n        Prospects whose custom field `key` equals the value: `?custom_fields[stage]=Demo&custom_fields[seats]=25`\n        (docs/pagination.md, \"Custom fields\"). The value is read by the field's type: `text`, `url`, `email`\n        and `single_select` compared exactly as stored; `number` as a number (`25` matches `25.0`); `date` a\n        `YYYY-MM-DD`; `checkbox` `true` or `false`; `multi_select` prospects whose list holds this option. A key\n        the workspace has not defined, or a value its type cannot hold (`seats=many`, an option not in the\n        field's list), gives 422 under `custom_fields.<key>`. Prospects without a value never match.\n      schema:\n        $ref: \"#/components/schemas/CustomFieldFilterValues\"\n    CustomFieldsGte:\n      name: custom_fields_gte\n      in: query\n      required: false\n      style: deepObject\n      explode: true\n      description: |\n        Prospects whose `number` or `date` custom field `key` is at least the value (inclusive):\n        `?custom_fields_gte[seats]=10&custom_fields_gte[renewal]=2026-01-01`. Another type gives 422 under\n        `custom_fields_gte.<key>`; prospects without a value never match.\n      schema:\n        $ref: \"#/components/schemas/CustomFieldFilterValues\"\n    CustomFieldsLte:\n      name: custom_fields_lte\n      in: query\n      required: false\n      style: deepObject\n      explode: true\n      description: |\n        Prospects whose `number` or `date` custom field `key` is at most the value (inclusive); with\n        `custom_fields_gte` a range. Another type gives 422 under `custom_fields_lte.<key>`.\n      schema:\n        $ref: \"#/components/schemas/CustomFieldFilterValues\"\n    Sort:\n      name: sort\n      in: query\n      required: false\n      description: |\n        The order of the list, each ending with `id` in the same direction so it is total and stable across pages:\n        - `newest` (the default, as the service specification says): `created_at` descending;\n        - `oldest`: `created_at` ascending;\n        - `company_asc` / `company_desc`: `company` A-Z / Z-A, compared without regard to case or accents\n          (`Société` sorts as `societe`), then code point by code point;\n        - `last_activity`: the latest change first (`updated_at` descending: a create, an edit or an outcome).\n      schema:\n        type: string\n        enum: [newest, oldest, company_asc, company_desc, last_activity]\n        default: newest\n    Cursor:\n      name: cursor\n      in: query\n      required: false\n      description: |\n        An opaque position in the list, taken from `links.next` or `links.prev` (never built by hand): the page\n        after (or before) the row it was made at, read through an index from there, so page 40,000 costs what\n        page 1 does. It is made for one `sort`; the same `sort`, filters and `per_page` must be sent with it,\n        as the links do. A cursor that was not made by this server for this `sort` gives 422. With a cursor,\n        `page` is ignored and `meta.current_page` counts pages from the start of the walk.\n      schema:\n        type: string\n        minLength: 1\n        maxLength: 1024\n        pattern: \"^[A-Za-z0-9_-]+$\"\n    Count:\n      name: count\n      in: query\n      required: false\n      x-behaviour-changed:\n        - \"unreleased: with a filter or `search`, `meta.total` is no longer counted unless `count=capped` or `count=exact` is sent: it is exact when the list ends on the page read from the top, else the position of the page's last item plus one with `meta.total_relation` `gte`; `meta.has_more` says whether items follow\"\n      description: |\n        How `meta.total` is counted when a filter or `search` is set (without one, the workspace's count is\n        kept up to date and `meta.total` is always exact):\n        - `none` (the default): nothing counted beyond the page, so a request costs what its page costs\n          whatever the workspace's size (docs/pagination.md). `meta.has_more` says whether more follow;\n          `meta.total` is exact (`eq`) when the list ends on a page read by number from the top, else the\n          position of the page's last item plus one when more follow (`gte`);\n        - `capped`: exact up to 10,000 matches (`meta.total_relation` `eq`); past that `meta.total` is 10,000\n          (or the position of the page's last item, when greater) and `meta.total_relation` is `gte`. It reads\n          up to 10,001 matches, tens of milliseconds for a common term on a large workspace;\n        - `exact`: every match counted, `meta.total_relation` `eq`, whatever it costs (seconds for a common\n          term on a million prospects).\n        `meta.last_page` and `links.last` follow `meta.total`, so with `gte` they are a lower bound.\n      schema:\n        type: string\n        enum: [capped, exact, none]\n        default: none\n    Page:\n      name: page\n      in: query\n      required: false\n      x-behaviour-changed:\n        - \"0.2.0: only decimal digits are read as an integer: `0x2`, `1e1`, `+2`, `2.0` and `01` get 422\"\n      description: |\n        Page number, from 1, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `0x2`, `1e1`,\n        `+2`, `2.0` and `01` get 422). A page past the last gives 200 with empty `data`.\n      schema:\n        type: integer\n        format: int32\n        minimum: 1\n        maximum: 2147483647\n        default: 1\n    PerPage:\n      name: per_page\n      in: query\n      required: false\n      x-behaviour-changed:\n        - \"0.2.0: only decimal digits are read as an integer: `0x2`, `1e1`, `+2`, `2.0` and `010` get 422\"\n      description: |\n        Prospects per page, 1-100, in decimal digits without `+` or leading zero (`^-?(0|[1-9][0-9]*)$`; `010`\n        gets 422). Out of range gives 422, never a silent clamp.\n      schema:\n        type: integer\n        format: int32\n        minimum: 1\n        maximum: 100\n        default: 25\n    ServiceEventId:\n      name: Service-Event-ID\n      in: header\n      required: true\n      description: The event id; equals the envelope `id`. Not covered by the signature, so dedupe on the body's `id`.\n      schema:\n        $ref: \"#/components/schemas/EventId\"\n    ServiceEvent:\n      name: Service-Event\n      in: header\n      required: true\n      description: The event kind; equals the envelope `event`.\n      schema:\n        $ref: \"#/components/schemas/EventType\"\n    ServiceTimestamp:\n      name: Service-Timestamp\n      in: header\n      required: true\n      description: |\n        Unix time in seconds of this delivery attempt (each retry is signed afresh). Receivers reject a\n        timestamp more than 300 seconds from their clock, in either direction.\n      schema:\n        type: string\n        pattern: \"^[0-9]{1,12}$\"\n        maxLength: 12\n      example: \"1732240000\"\n    ServiceSignature:\n      name: Service-Signature\n      in: header\n      required: true\n      description: |\n        `v1=` followed by the lowercase hexadecimal HMAC-SHA256 of `<Service-Timestamp>.<raw body>`, keyed with\n        the UTF-8 bytes of the whole signing secret including its `whk_` prefix. Compare in constant time.\n      schema:\n        type: string\n        pattern: \"^v1=[0-9a-f]{64}$\"\n        maxLength: 67\n      example: v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd\n  headers:\n    # `required: true` marks a header the service sends on every answer that lists it, so a validating proxy\n    # (Prism, Portman) flags its absence. `X-RateLimit-Remaining` is the one left optional outside a 429.\n    API-Version:\n      description: |\n        The version of the contract the answer follows: `info.version` of this document, which is the version\n        of `@prospectkit/server` that serves it (and the contract version `@prospectkit/mock` imitates). On\n        every answer under `/api/v1`. See docs/versioning.md.\n      required: true\n      schema:\n        type: string\n        maxLength: 64\n        pattern: \"^[0-9]+[.][0-9]+[.][0-9]+(-[0-9A-Za-z.-]+)?$\"\n      example: 0.2.0\n    Deprecation:\n      description: |\n        On the answers of an operation marked `deprecated: true`, or of a request that sends a parameter so\n        marked: when it was (or will be) deprecated, as an RFC 9745 date (`@` and Unix seconds), from the\n        operation's or parameter's `x-deprecated-at`. No operation or parameter is deprecated today.\n      schema:\n        type: string\n        maxLength: 24\n        pattern: \"^@-?[0-9]{1,15}$\"\n      example: \"@1798761600\"\n    Sunset:\n      description: |\n        With `Deprecation`, when the deprecated operation or parameter will stop working, as an RFC 8594\n        HTTP-date, from its `x-sunset-at`; left out when no date is set.\n      schema:\n        type: string\n        maxLength: 29\n      example: Sat, 01 Jan 2028 00:00:00 GMT\n    X-Request-Id:\n      description: |\n        The request's id, echoed from the request's `X-Request-Id` when it is 1-128 visible ASCII characters,\n        otherwise generated. On every answer.\n      required: true\n      schema:\n        type: string\n        maxLength: 128\n    X-RateLimit-Limit:\n      description: Requests allowed per minute for this client address. On every answer except a 500.\n      required: true\n      schema:\n        type: integer\n        format: int32\n        minimum: 1\n        maximum: 1000000\n    X-RateLimit-Remaining:\n      description: |\n        Requests left in the current minute. Not required: it is left out when the rate-limit counter cannot\n        be reached and the request is let through uncounted (and by the mock when it enforces no limit).\n      x-behaviour-changed:\n        - \"0.2.0: may be left out under the limit, when the rate-limit counter cannot be reached (and by the mock when it enforces no limit)\"\n      schema:\n        type: integer\n        format: int32\n        minimum: 0\n        maximum: 1000000\n    X-RateLimit-Remaining-Zero:\n      description: Requests left in the current minute; always `0` on a 429.\n      required: true\n      schema:\n        type: integer\n        format: int32\n        minimum: 0\n        maximum: 0\n    X-RateLimit-Reset:\n      description: Unix time in seconds when the current window ends.\n      required: true\n      schema:\n        type: integer\n        format: int64\n        minimum: 0\n        maximum: 9007199254740991\n    Retry-After:\n      description: Whole seconds to wait before the next request.\n      required: true\n      schema:\n        type: integer\n        format: int32\n        minimum: 0\n        maximum: 86400\n    WWW-Authenticate:\n      description: Always `Bearer`.\n      required: true\n      schema:\n        type: string\n        const: Bearer\n    Location:\n      description: Absolute URL of the created prospect.\n      required: true\n      schema:\n        type: string\n        format: uri\n        maxLength: 2048\n  responses:\n    MalformedJson:\n      description: The body is not valid JSON.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: The request body is not valid JSON.\n    Unauthenticated:\n      description: The token is missing, malformed, unknown, expired or revoked, or its workspace is suspended.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        WWW-Authenticate:\n          $ref: \"#/components/headers/WWW-Authenticate\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: Unauthenticated.\n    Forbidden:\n      description: The token lacks the ability the operation needs.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: This token lacks the prospects:write ability.\n    NotFound:\n      description: Nothing with that id in this workspace.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: Prospect not found.\n    PayloadTooLarge:\n      description: The body is over 1 MiB (1,048,576 bytes).\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: The request body is larger than 1 MiB.\n    UnsupportedMediaType:\n      description: The body's `Content-Type` is not `application/json`.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: The request body must be sent as application/json.\n    ValidationFailed:\n      description: A query parameter or the body failed validation.\n      headers:\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ValidationError\"\n          example:\n            message: The company field is required. (and 1 more error)\n            errors:\n              company:\n                - The company field is required.\n              tags.3:\n                - The tags.3 field must not be greater than 50 characters.\n    TooManyRequests:\n      description: More than 60 requests in a minute from this client address.\n      headers:\n        Retry-After:\n          $ref: \"#/components/headers/Retry-After\"\n        X-RateLimit-Limit:\n          $ref: \"#/components/headers/X-RateLimit-Limit\"\n        X-RateLimit-Remaining:\n          $ref: \"#/components/headers/X-RateLimit-Remaining-Zero\"\n        X-RateLimit-Reset:\n          $ref: \"#/components/headers/X-RateLimit-Reset\"\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: Too Many Attempts.\n    ServerError:\n      description: An unexpected server error. The body never carries a stack trace or a secret.\n      headers:\n        API-Version:\n          $ref: \"#/components/headers/API-Version\"\n        X-Request-Id:\n          $ref: \"#/components/headers/X-Request-Id\"\n      content:\n        application/json:\n          schema:\n            $ref: \"#/components/schemas/ErrorResponse\"\n          example:\n            message: Server Error.\n  schemas:\n    ProspectIdValue:\n      type: string\n      description: A prospect id, `prs_` plus a ULID.\n      pattern: \"^prs_[0-9A-HJKMNP-TV-Z]{26}$\"\n      maxLength: 30\n      examples: [prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR]\n    OutcomeIdValue:\n      type: string\n      description: An outcome record id, `out_` plus a ULID.\n      pattern: \"^out_[0-9A-HJKMNP-TV-Z]{26}$\"\n      maxLength: 30\n    WorkspaceIdValue:\n      type: string\n      description: A workspace id, `ws_` plus a ULID.\n      pattern: \"^ws_[0-9A-HJKMNP-TV-Z]{26}$\"\n      maxLength: 29\n    EventId:\n      type: string\n      description: An event id, `evt_` plus a ULID. The same event may be delivered more than once with the same id.\n      pattern: \"^evt_[0-9A-HJKMNP-TV-Z]{26}$\"\n      maxLength: 30\n    Timestamp:\n      type: string\n      format: date-time\n      description: RFC 3339 date-time in UTC (`Z`), with milliseconds.\n      maxLength: 30\n      examples: [\"2026-11-22T09:30:00.000Z\"]\n    Company:\n      type: string\n      description: Name of the company, 1-255 characters after trimming surrounding white space.\n      minLength: 1\n      maxLength: 255\n      pattern: '\\S'\n    Domain:\n      type: [string, \"null\"]\n      format: hostname\n      description: A hostname without scheme or path, e.g. `acme.example`; at most 253 characters.\n      maxLength: 253\n    Website:\n      type: [string, \"null\"]\n      format: uri\n      description: |\n        An absolute `http` or `https` URL with a host (the scheme in any case; a port, if any, 0-65535), so\n        that `new URL(website)` reads it: `https://`, `https://:80`, `https://?x` and `https://ada@/` get 422.\n        At most 2048 characters. The pattern requires the scheme and a host that does not start with `:`;\n        the server and the mock also parse the URL as WHATWG URL does, which refuses a port over 65535.\n      maxLength: 2048\n      pattern: \"^[Hh][Tt][Tt][Pp][Ss]?://([^/?#@]*@)?[^/?#@:][^/?#@]*([/?#]|$)\"\n    ProspectLocation:\n      type: [string, \"null\"]\n      description: |\n        Free-text location; at most 255 characters. Named `ProspectLocation`, not `Location`, so that generated\n        clients do not shadow the browser's global `Location`.\n      maxLength: 255\n    ContactName:\n      type: [string, \"null\"]\n      description: |\n        The contact's display name; at most 255 characters. When a request sends `contact_first_name` or\n        `contact_last_name` and not `contact_name`, the service composes it as the non-null parts joined by one\n        space (\"Ada Lovelace\", or \"Ada\" with no last name): on `createProspect` when `contact_name` is absent,\n        `null` or blank; on `updateProspect` when the stored `contact_name` is `null` or is itself the\n        composition of the stored parts (so a name someone wrote, such as \"Dr Ada King\", is never overwritten by\n        a change to the parts). A `contact_name` sent is stored as sent, whatever the parts.\n      maxLength: 255\n    ContactFirstName:\n      type: [string, \"null\"]\n      description: |\n        The contact's first (given) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With\n        `contact_last_name` it composes `contact_name` (see `ContactName`).\n      maxLength: 127\n    ContactLastName:\n      type: [string, \"null\"]\n      description: |\n        The contact's last (family) name; at most 127 characters; surrounding white space is trimmed and blank means `null`. With\n        `contact_first_name` it composes `contact_name` (see `ContactName`).\n      maxLength: 127\n    ContactTitle:\n      type: [string, \"null\"]\n      description: The contact's job title, e.g. `Head of Sales`; at most 255 characters; surrounding white space is trimmed and blank means `null`.\n      maxLength: 255\n    ContactPhone:\n      type: [string, \"null\"]\n      description: |\n        The contact's phone number as written, e.g. `+44 20 7946 0958` or `(555) 010-9999 ext. 12`: at most 64\n        characters with at least one digit. Surrounding white space is trimmed and every run of white space\n        inside becomes one space; blank means `null`. No other reformatting.\n      maxLength: 64\n      pattern: \"[0-9]\"\n    ContactProfileUrl:\n      type: [string, \"null\"]\n      format: uri\n      description: |\n        The contact's profile page (LinkedIn, or any other): an absolute `http` or `https` URL with a host, under\n        the same rules as `Website`; at most 2048 characters.\n      maxLength: 2048\n      pattern: \"^[Hh][Tt][Tt][Pp][Ss]?://([^/?#@]*@)?[^/?#@:][^/?#@]*([/?#]|$)\"\n    City:\n      type: [string, \"null\"]\n      description: The city, e.g. `Lyon`; at most 255 characters; surrounding white space is trimmed and blank means `null`.\n      maxLength: 255\n    Region:\n      type: [string, \"null\"]\n      description: The state, province or region, e.g. `Bavaria`; at most 255 characters; surrounding white space is trimmed and blank means `null`.\n      maxLength: 255\n    CountryInput:\n      type: [string, \"null\"]\n      description: |\n        The country as an ISO 3166-1 alpha-2 code, in any case (`fr` or `FR`); stored and answered upper-cased.\n        Surrounding white space is trimmed; blank means `null`. Two letters that are not an assigned code\n        (`ZZ`, `UK`) give 422.\n      maxLength: 8\n      pattern: '^\\s*([A-Za-z]{2}\\s*)?$'\n    Country:\n      type: [string, \"null\"]\n      description: The country as an upper-case ISO 3166-1 alpha-2 code, e.g. `FR`, or `null`.\n      pattern: \"^[A-Z]{2}$\"\n      minLength: 2\n      maxLength: 2\n    CustomFieldFilterValues:\n      type: object\n      description: |\n        Custom field filter values by key, sent as `name[key]=value` (`style: deepObject`): at most 10 keys\n        (`^[a-z][a-z0-9_]{0,39}$`), each value a string of 1-255 characters read by the field's type.\n      maxProperties: 10\n      propertyNames:\n        pattern: \"^[a-z][a-z0-9_]{0,39}$\"\n      additionalProperties:\n        type: string\n        minLength: 1\n        maxLength: 255\n    CustomFieldValues:\n      type: object\n      description: |\n        The values of the workspace's custom fields, by key (docs/prospects.md, \"Custom fields\"). A workspace\n        defines at most 50 fields in the app (Workspace settings → Fields), each with a key (`^[a-z][a-z0-9_]{0,39}$`),\n        a label and a type, which sets the value's JSON type: `text` a string of at most 2,000 characters\n        (trimmed; blank removes the value), `number` a number, `date` a `YYYY-MM-DD` string, `url` an `http` or\n        `https` URL, `email` an email address, `single_select` one of the field's options, `multi_select` an array\n        of distinct options, `checkbox` `true` or `false`. A key the workspace has not defined, a value of the\n        wrong type, or an option not in the field's list gives 422 under `custom_fields.<key>`. In a response,\n        every value set and no other key; `{}` when none.\n      maxProperties: 50\n      additionalProperties:\n        $ref: \"#/components/schemas/CustomFieldValue\"\n    CustomFieldValueInput:\n      type: [object, \"null\"]\n      description: |\n        Custom field values to write, by key: on `createProspect` the prospect's values; on `updateProspect`\n        only the keys sent change, and a key sent as `null` removes its value. `null` (the whole object) means\n        `{}` on create and changes nothing on update. Rules per type: see `CustomFieldValues`.\n      maxProperties: 50\n      additionalProperties:\n        oneOf:\n          - $ref: \"#/components/schemas/CustomFieldValue\"\n          - type: \"null\"\n    CustomFieldValue:\n      description: One custom field's value; its JSON type is the field's type (see `CustomFieldValues`).\n      oneOf:\n        - type: string\n          maxLength: 2000\n        - type: number\n        - type: boolean\n        - type: array\n          maxItems: 50\n          items:\n            type: string\n            maxLength: 255\n    ContactEmail:\n      type: [string, \"null\"]\n      format: email\n      description: Email address of the contact; at most 254 characters.\n      maxLength: 254\n    Notes:\n      type: [string, \"null\"]\n      description: Free-text notes; at most 10,000 characters.\n      maxLength: 10000\n    Tag:\n      type: string\n      description: A tag, 1-50 characters after trimming surrounding white space.\n      minLength: 1\n      maxLength: 50\n      pattern: '\\S'\n    OwnerId:\n      type: [string, \"null\"]\n      description: >-\n        Id of the teammate who owns the prospect, at most 64 characters. The app's owner field offers the\n        workspace's teammates (`tm_...`), but the API does not require `owner_id` to name one: any string of at most\n        64 characters is stored and echoed as sent, so integrations that keep owners in another system (a CRM's user\n        ids) go on working, and a removed teammate's prospects keep their owner. An id that names no teammate is\n        never a 422.\n      maxLength: 64\n    OutcomeValue:\n      type: string\n      description: A sales outcome.\n      enum: [Interested, Not interested, Meeting booked, Won, Lost]\n    MeetingAt:\n      type: [string, \"null\"]\n      format: date-time\n      description: RFC 3339 date-time of the meeting (any offset on input; UTC in responses), or `null`.\n      maxLength: 35\n    ValueMinor:\n      type: [integer, \"null\"]\n      format: int64\n      description: Opportunity value in the currency's minor unit (cents for USD), 0 to 2^53-1, or `null`.\n      minimum: 0\n      maximum: 9007199254740991\n    Currency:\n      type: [string, \"null\"]\n      description: ISO 4217 alphabetic code, upper case (e.g. `EUR`), or `null`.\n      pattern: \"^[A-Z]{3}$\"\n      minLength: 3\n      maxLength: 3\n    ProspectOutcome:\n      type: object\n      description: The prospect's current sales outcome (the merge of every recorded outcome).\n      additionalProperties: false\n      required: [outcome, meeting_at, value_minor, currency, updated_at]\n      properties:\n        outcome:\n          oneOf:\n            - $ref: \"#/components/schemas/OutcomeValue\"\n            - type: \"null\"\n        meeting_at:\n          $ref: \"#/components/schemas/MeetingAt\"\n        value_minor:\n          $ref: \"#/components/schemas/ValueMinor\"\n        currency:\n          $ref: \"#/components/schemas/Currency\"\n        updated_at:\n          $ref: \"#/components/schemas/Timestamp\"\n    Prospect:\n      type: object\n      description: A sales prospect. Every key is always present; unset values are `null` and `tags` is `[]` when empty.\n      additionalProperties: false\n      required:\n        - id\n        - company\n        - domain\n        - website\n        - location\n        - contact_name\n        - contact_email\n        - contact_first_name\n        - contact_last_name\n        - contact_title\n        - contact_phone\n        - contact_profile_url\n        - city\n        - region\n        - country\n        - notes\n        - tags\n        - owner_id\n        - custom_fields\n        - outcome\n        - created_at\n        - updated_at\n      properties:\n        id:\n          $ref: \"#/components/schemas/ProspectIdValue\"\n        company:\n          $ref: \"#/components/schemas/Company\"\n        domain:\n          $ref: \"#/components/schemas/Domain\"\n        website:\n          $ref: \"#/components/schemas/Website\"\n        location:\n          $ref: \"#/components/schemas/ProspectLocation\"\n        contact_name:\n          $ref: \"#/components/schemas/ContactName\"\n        contact_email:\n          $ref: \"#/components/schemas/ContactEmail\"\n        contact_first_name:\n          $ref: \"#/components/schemas/ContactFirstName\"\n        contact_last_name:\n          $ref: \"#/components/schemas/ContactLastName\"\n        contact_title:\n          $ref: \"#/components/schemas/ContactTitle\"\n        contact_phone:\n          $ref: \"#/components/schemas/ContactPhone\"\n        contact_profile_url:\n          $ref: \"#/components/schemas/ContactProfileUrl\"\n        city:\n          $ref: \"#/components/schemas/City\"\n        region:\n          $ref: \"#/components/schemas/Region\"\n        country:\n          $ref: \"#/components/schemas/Country\"\n        notes:\n          $ref: \"#/components/schemas/Notes\"\n        tags:\n          type: array\n          description: The prospect's tags, unique, in the order last sent.\n          maxItems: 50\n          items:\n            $ref: \"#/components/schemas/Tag\"\n        owner_id:\n          $ref: \"#/components/schemas/OwnerId\"\n        custom_fields:\n          $ref: \"#/components/schemas/CustomFieldValues\"\n        outcome:\n          oneOf:\n            - $ref: \"#/components/schemas/ProspectOutcome\"\n            - type: \"null\"\n        created_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        updated_at:\n          $ref: \"#/components/schemas/Timestamp\"\n    TagList:\n      type: [array, \"null\"]\n      description: At most 50 unique tags (compared after trimming); replaces the whole list. `null` clears it to `[]`.\n      maxItems: 50\n      uniqueItems: true\n      items:\n        $ref: \"#/components/schemas/Tag\"\n    ProspectCreate:\n      type: object\n      description: A new prospect. `company` is required; every other field is optional and may be `null`. Unknown fields give 422.\n      additionalProperties: false\n      required: [company]\n      properties:\n        company:\n          $ref: \"#/components/schemas/Company\"\n        domain:\n          $ref: \"#/components/schemas/Domain\"\n        website:\n          $ref: \"#/components/schemas/Website\"\n        location:\n          $ref: \"#/components/schemas/ProspectLocation\"\n        contact_name:\n          $ref: \"#/components/schemas/ContactName\"\n        contact_email:\n          $ref: \"#/components/schemas/ContactEmail\"\n        contact_first_name:\n          $ref: \"#/components/schemas/ContactFirstName\"\n        contact_last_name:\n          $ref: \"#/components/schemas/ContactLastName\"\n        contact_title:\n          $ref: \"#/components/schemas/ContactTitle\"\n        contact_phone:\n          $ref: \"#/components/schemas/ContactPhone\"\n        contact_profile_url:\n          $ref: \"#/components/schemas/ContactProfileUrl\"\n        city:\n          $ref: \"#/components/schemas/City\"\n        region:\n          $ref: \"#/components/schemas/Region\"\n        country:\n          $ref: \"#/components/schemas/CountryInput\"\n        notes:\n          $ref: \"#/components/schemas/Notes\"\n        tags:\n          $ref: \"#/components/schemas/TagList\"\n        owner_id:\n          $ref: \"#/components/schemas/OwnerId\"\n        custom_fields:\n          $ref: \"#/components/schemas/CustomFieldValueInput\"\n      examples:\n        - company: Acme Ltd\n          domain: acme.example\n          contact_name: Ada Lovelace\n          contact_email: ada@acme.example\n          tags: [enterprise, emea]\n    ProspectUpdate:\n      type: object\n      description: |\n        A partial update: only the fields sent change. `company` cannot be `null`; `null` clears any other\n        field. `{}` is a valid no-op. Unknown fields give 422.\n      additionalProperties: false\n      properties:\n        company:\n          $ref: \"#/components/schemas/Company\"\n        domain:\n          $ref: \"#/components/schemas/Domain\"\n        website:\n          $ref: \"#/components/schemas/Website\"\n        location:\n          $ref: \"#/components/schemas/ProspectLocation\"\n        contact_name:\n          $ref: \"#/components/schemas/ContactName\"\n        contact_email:\n          $ref: \"#/components/schemas/ContactEmail\"\n        contact_first_name:\n          $ref: \"#/components/schemas/ContactFirstName\"\n        contact_last_name:\n          $ref: \"#/components/schemas/ContactLastName\"\n        contact_title:\n          $ref: \"#/components/schemas/ContactTitle\"\n        contact_phone:\n          $ref: \"#/components/schemas/ContactPhone\"\n        contact_profile_url:\n          $ref: \"#/components/schemas/ContactProfileUrl\"\n        city:\n          $ref: \"#/components/schemas/City\"\n        region:\n          $ref: \"#/components/schemas/Region\"\n        country:\n          $ref: \"#/components/schemas/CountryInput\"\n        notes:\n          $ref: \"#/components/schemas/Notes\"\n        tags:\n          $ref: \"#/components/schemas/TagList\"\n        owner_id:\n          $ref: \"#/components/schemas/OwnerId\"\n        custom_fields:\n          $ref: \"#/components/schemas/CustomFieldValueInput\"\n    PaginationLinks:\n      type: object\n      description: |\n        Absolute URLs of neighbouring pages; they keep the filters, `sort`, `count` (when not the default) and\n        `per_page`. `first` and `last` ask by `page`; `prev` and `next` carry a `cursor` (see the `cursor`\n        parameter) when the page has items, and are `null` where there is none.\n      additionalProperties: false\n      required: [first, last, prev, next]\n      properties:\n        first:\n          type: string\n          format: uri\n          maxLength: 4096\n        last:\n          type: string\n          format: uri\n          maxLength: 4096\n        prev:\n          type: [string, \"null\"]\n          format: uri\n          maxLength: 4096\n        next:\n          type: [string, \"null\"]\n          format: uri\n          maxLength: 4096\n    PaginationMeta:\n      type: object\n      description: |\n        Laravel paginator metadata. `from` and `to` are 1-based positions, `null` on an empty page; `last_page`\n        is at least 1. `total` is exact when `total_relation` is `eq` and a lower bound when it is `gte` (see\n        the `count` parameter); `has_more` says whether items follow this page.\n      additionalProperties: false\n      required: [current_page, from, last_page, path, per_page, to, total, total_relation, has_more]\n      properties:\n        current_page:\n          type: integer\n          format: int32\n          minimum: 1\n          maximum: 2147483647\n        from:\n          type: [integer, \"null\"]\n          format: int64\n          minimum: 1\n          maximum: 9007199254740991\n        last_page:\n          type: integer\n          format: int64\n          minimum: 1\n          maximum: 9007199254740991\n        path:\n          type: string\n          format: uri\n          maxLength: 2048\n          description: The list's absolute URL without a query string.\n        per_page:\n          type: integer\n          format: int32\n          minimum: 1\n          maximum: 100\n        to:\n          type: [integer, \"null\"]\n          format: int64\n          minimum: 1\n          maximum: 9007199254740991\n        total:\n          type: integer\n          format: int64\n          minimum: 0\n          maximum: 9007199254740991\n        total_relation:\n          type: string\n          enum: [eq, gte]\n          description: \"`eq`: `total` is the number of matches; `gte`: there are at least `total`.\"\n        has_more:\n          type: boolean\n          description: Whether items follow this page in the list's order.\n    ProspectList:\n      type: object\n      description: One page of prospects, newest first.\n      additionalProperties: false\n      required: [data, links, meta]\n      properties:\n        data:\n          type: array\n          maxItems: 100\n          items:\n            $ref: \"#/components/schemas/Prospect\"\n        links:\n          $ref: \"#/components/schemas/PaginationLinks\"\n        meta:\n          $ref: \"#/components/schemas/PaginationMeta\"\n    RecordOutcomeRequest:\n      type: object\n      description: |\n        Fields to merge into the prospect's current outcome; at least one must be sent. After merging,\n        `value_minor` and `currency` must be both set or both `null` (422 otherwise).\n      additionalProperties: false\n      minProperties: 1\n      properties:\n        outcome:\n          $ref: \"#/components/schemas/OutcomeValue\"\n        meeting_at:\n          $ref: \"#/components/schemas/MeetingAt\"\n        value_minor:\n          $ref: \"#/components/schemas/ValueMinor\"\n        currency:\n          $ref: \"#/components/schemas/Currency\"\n      examples:\n        - outcome: Meeting booked\n          meeting_at: \"2026-12-01T15:00:00Z\"\n          value_minor: 1250000\n          currency: EUR\n    OutcomeResult:\n      type: object\n      description: One recorded outcome, holding the merged state after the call.\n      additionalProperties: false\n      required: [id, prospect_id, outcome, meeting_at, value_minor, currency, recorded_at]\n      properties:\n        id:\n          $ref: \"#/components/schemas/OutcomeIdValue\"\n        prospect_id:\n          $ref: \"#/components/schemas/ProspectIdValue\"\n        outcome:\n          oneOf:\n            - $ref: \"#/components/schemas/OutcomeValue\"\n            - type: \"null\"\n        meeting_at:\n          $ref: \"#/components/schemas/MeetingAt\"\n        value_minor:\n          $ref: \"#/components/schemas/ValueMinor\"\n        currency:\n          $ref: \"#/components/schemas/Currency\"\n        recorded_at:\n          $ref: \"#/components/schemas/Timestamp\"\n    ErrorResponse:\n      type: object\n      description: |\n        An error. `message` says what went wrong; it never carries a stack trace or a secret. Named\n        `ErrorResponse`, not `Error`, so that generated clients do not shadow JavaScript's global `Error`.\n      additionalProperties: false\n      required: [message]\n      properties:\n        message:\n          type: string\n          maxLength: 1024\n    ValidationError:\n      type: object\n      description: |\n        A 422 in Laravel's shape: `errors` maps each failing field path (dots for nesting, e.g. `tags.3`) to its\n        messages; `message` is the first message plus ` (and N more errors)` when there are more.\n      additionalProperties: false\n      required: [message, errors]\n      properties:\n        message:\n          type: string\n          maxLength: 1024\n        errors:\n          type: object\n          maxProperties: 256\n          additionalProperties:\n            type: array\n            minItems: 1\n            maxItems: 16\n            items:\n              type: string\n              maxLength: 1024\n    EventType:\n      type: string\n      description: An event kind.\n      enum:\n        - prospect.created\n        - inbox.reply.received\n        - conversation.assigned\n        - prospect.outcome.updated\n        - opportunity.updated\n        - meeting.booked\n        - opportunity.won\n    ProspectEventData:\n      type: object\n      description: Data of `prospect.created` and `inbox.reply.received`.\n      additionalProperties: false\n      required: [prospect_id, company, contact_email]\n      properties:\n        prospect_id:\n          $ref: \"#/components/schemas/ProspectIdValue\"\n        company:\n          $ref: \"#/components/schemas/Company\"\n        contact_email:\n          $ref: \"#/components/schemas/ContactEmail\"\n    ConversationAssignedData:\n      type: object\n      description: Data of `conversation.assigned`. `assignee_id` is the teammate's id, or `null` when the conversation was unassigned.\n      additionalProperties: false\n      required: [prospect_id, assignee_id]\n      properties:\n        prospect_id:\n          $ref: \"#/components/schemas/ProspectIdValue\"\n        assignee_id:\n          type: [string, \"null\"]\n          maxLength: 64\n    OutcomeEventData:\n      type: object\n      description: Data of the four outcome events, carrying the prospect's merged outcome; `null` where unset.\n      additionalProperties: false\n      required: [prospect_id, outcome, meeting_at, value_minor, currency]\n      properties:\n        prospect_id:\n          $ref: \"#/components/schemas/ProspectIdValue\"\n        outcome:\n          oneOf:\n            - $ref: \"#/components/schemas/OutcomeValue\"\n            - type: \"null\"\n        meeting_at:\n          $ref: \"#/components/schemas/MeetingAt\"\n        value_minor:\n          $ref: \"#/components/schemas/ValueMinor\"\n        currency:\n          $ref: \"#/components/schemas/Currency\"\n    ProspectCreatedEvent:\n      type: object\n      description: Envelope of `prospect.created`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: prospect.created\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/ProspectEventData\"\n    InboxReplyReceivedEvent:\n      type: object\n      description: Envelope of `inbox.reply.received`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: inbox.reply.received\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/ProspectEventData\"\n    ConversationAssignedEvent:\n      type: object\n      description: Envelope of `conversation.assigned`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: conversation.assigned\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/ConversationAssignedData\"\n    ProspectOutcomeUpdatedEvent:\n      type: object\n      description: Envelope of `prospect.outcome.updated`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: prospect.outcome.updated\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/OutcomeEventData\"\n    OpportunityUpdatedEvent:\n      type: object\n      description: Envelope of `opportunity.updated`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: opportunity.updated\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/OutcomeEventData\"\n    MeetingBookedEvent:\n      type: object\n      description: Envelope of `meeting.booked`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: meeting.booked\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/OutcomeEventData\"\n    OpportunityWonEvent:\n      type: object\n      description: Envelope of `opportunity.won`.\n      additionalProperties: false\n      required: [id, event, workspace_id, occurred_at, data]\n      properties:\n        id:\n          $ref: \"#/components/schemas/EventId\"\n        event:\n          type: string\n          const: opportunity.won\n        workspace_id:\n          $ref: \"#/components/schemas/WorkspaceIdValue\"\n        occurred_at:\n          $ref: \"#/components/schemas/Timestamp\"\n        data:\n          $ref: \"#/components/schemas/OutcomeEventData\"\n    WebhookEvent:\n      type: object\n      description: |\n        Any event envelope, told apart by `event`. `type: object` beside the discriminator is what strict JSON\n        Schema validators (ajv in strict mode) need to accept it. The `mapping` is for code generators, which\n        otherwise take the schema names for the values of `event`; ajv's `discriminator: true` reads each\n        branch's `const` instead and refuses a `mapping`, so drop it before compiling with ajv.\n      oneOf:\n        - $ref: \"#/components/schemas/ProspectCreatedEvent\"\n        - $ref: \"#/components/schemas/InboxReplyReceivedEvent\"\n        - $ref: \"#/components/schemas/ConversationAssignedEvent\"\n        - $ref: \"#/components/schemas/ProspectOutcomeUpdatedEvent\"\n        - $ref: \"#/components/schemas/OpportunityUpdatedEvent\"\n        - $ref: \"#/components/schemas/MeetingBookedEvent\"\n        - $ref: \"#/components/schemas/OpportunityWonEvent\"\n      discriminator:\n        propertyName: event\n        mapping:\n          prospect.created: \"#/components/schemas/ProspectCreatedEvent\"\n          inbox.reply.received: \"#/components/schemas/InboxReplyReceivedEvent\"\n          conversation.assigned: \"#/components/schemas/ConversationAssignedEvent\"\n          prospect.outcome.updated: \"#/components/schemas/ProspectOutcomeUpdatedEvent\"\n          opportunity.updated: \"#/components/schemas/OpportunityUpdatedEvent\"\n          meeting.booked: \"#/components/schemas/MeetingBookedEvent\"\n          opportunity.won: \"#/components/schemas/OpportunityWonEvent\"\n";
