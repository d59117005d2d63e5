import { urlOf, type AnswerOf, type ApiRoute, type ReadFamily, type RouteInput } from '@tht/contracts';
import { useCallback, useState } from 'react';
import { ApiError, failureKept, keepAnswerTokens, READ_AFTER_KEY, requestHeaders } from './client';
import { checkedAnswer } from './routeCalls';
import { usePendingRun, useRefreshAfter } from './useWrite';

/** Told while an upload's body is sent: the share sent so far, 0 to 1. */
type UploadProgress = (sent: number) => void;

/** The message of an upload the network broke off (no answer from the server). */
const UPLOAD_BROKEN_OFF = 'The upload was broken off. Check the connection and try again.';

/**
 * Calls an upload route (a multipart body) as `callRoute` does, with XMLHttpRequest: the one
 * browser API that tells how much of a request body is sent (`onProgress`). The same headers go
 * with it and the answer is treated the same (tokens kept, a failure an ApiError, the body checked
 * against the route outside production).
 */
function uploadRoute<Route extends ApiRoute>(
  route: Route,
  input: RouteInput<Route>,
  onProgress: UploadProgress,
): Promise<AnswerOf<Route>> {
  const { body } = input as { body: FormData };
  const headers = requestHeaders(body, sessionStorage.getItem(READ_AFTER_KEY));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method.toUpperCase(), urlOf(route, input));
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      keepAnswerTokens((name) => request.getResponseHeader(name));
      const { status, statusText, responseText } = request;
      if (status < 200 || status >= 300) {
        reject(failureKept(new ApiError(status, responseText, statusText), headers));
        return;
      }
      try {
        resolve(checkedAnswer(route, { status, body: responseText ? JSON.parse(responseText) : null }));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => reject(new Error(UPLOAD_BROKEN_OFF)));
    request.send(body);
  });
}

const NO_FAMILIES: readonly ReadFamily[] = [];

/**
 * An upload of the route table as a hook (`useWrite` with progress): `run(arg)` sends it and, once
 * the API accepted it, refetches the reads the route `refreshes`; `progress` is the share of the
 * body sent (0 to 1) while `pending`.
 */
export function useUpload<Route extends ApiRoute, Arg>(
  route: Route,
  toInput: (arg: Arg) => RouteInput<Route>,
): { run: (arg: Arg) => Promise<AnswerOf<Route>>; pending: boolean; progress: number } {
  const [progress, setProgress] = useState(0);
  const refresh = useRefreshAfter(route.refreshes ?? NO_FAMILIES);
  const send = useCallback(
    (arg: Arg) => {
      setProgress(0);
      return uploadRoute(route, toInput(arg), setProgress);
    },
    [route, toInput],
  );
  return { ...usePendingRun(send, refresh), progress };
}
