import { createLogger } from '../platform/logger';
import { startTestApp, type TestApp } from './test-app';

/** A test app without SMTP_URL, and the lines of its log at warn, where the links it would have mailed go. */
export interface AppWithoutMail {
  app: TestApp;
  logLines: string[];
}

/** Starts a test app at `publicUrl` without SMTP_URL whose log lines are kept; close `app` in `afterAll`. */
export async function startAppWithoutMail(publicUrl: string): Promise<AppWithoutMail> {
  const logLines: string[] = [];
  const log = createLogger('warn', { destination: { write: (line) => void logLines.push(line) } });
  const app = await startTestApp({ config: { publicUrl, smtpUrl: null }, log });
  return { app, logLines };
}
