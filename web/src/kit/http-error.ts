import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type AnyError = FetchBaseQueryError | SerializedError | undefined | unknown;

/** The HTTP status (or RTK's FETCH_ERROR, PARSING_ERROR...) of a failed call, if any. */
export function errorStatus(error: AnyError): number | string | null {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' || typeof status === 'string') return status;
  }
  return null;
}

/** The server's `message` from our failure envelope, or null. */
export function errorMessage(error: AnyError): string | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
  }
  return null;
}

/** Spec 8.4: these failures of the director profile update are only logged, never shown. */
export function onlyLogged(error: AnyError): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 401 || status === 403 || status === 'PARSING_ERROR';
}
