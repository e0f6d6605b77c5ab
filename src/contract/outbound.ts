/**
 * Why a request to an outside service failed, as the tenant is told (never the remote answer's
 * body). Each reason is an i18n key `outbound.<reason>` in the three dictionaries.
 */
export const OUTBOUND_REASONS = [
  /** Not an http(s) URL. */
  "badUrl",
  /** The host is, or resolves to, an address the server may not reach (loopback, private, metadata…). */
  "refusedAddress",
  /** The host name does not resolve. */
  "dns",
  /** No complete answer in time. */
  "timeout",
  /** The connection failed (refused, reset, TLS). */
  "unreachable",
  /** The answer was larger than allowed. */
  "tooLarge",
  /** More redirects than allowed. */
  "tooManyRedirects",
  /** The service answered an HTTP error status (`httpStatus` says which). */
  "httpStatus",
  /** The service answered something unusable. */
  "badAnswer",
] as const;

export type OutboundReason = (typeof OUTBOUND_REASONS)[number];
