import { spawn } from 'node:child_process';
import { loginResponseSchema } from '@tht/contracts';
import { repoRoot } from '@tht/test-kit';
import { describeOrganisation, emailOf, ORGANISATION_SIZES, type Organisation } from '@tht/test-kit/organisation';

/**
 * A benchmark's data is seeded by the product's own `npm run seed-organisation` (the test kit's
 * sample organisation, appended with the product's hashing, metadata and ids, then the read
 * models built), run as a process on the database the product then starts on; its people sign in
 * over HTTP, as anyone does.
 */

/** Everyone's password; the e-mail domain of the seeded people (the test kit's launcher's). */
export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_DOMAIN = 'example.com';
/** Sign-ins in flight at once: an argon2 check each, and well below the per-address limit of attempts. */
const SIGN_IN_CONCURRENCY = 8;

export const secondsSince = (since: number) => (performance.now() - since) / 1000;

export interface SeededUser {
  id: number;
  /** The user's sign-in token (POST /api/login). */
  token: string;
  firstName: string;
  lastName: string;
}

/** What a benchmark seeds: an organisation of the test kit, and the seeding command's options that make it. */
export interface BenchSeed {
  organisation: Organisation;
  options: string[];
}

/**
 * The test kit's benchmark organisation with `people` people (managers of teams of `teamSize`, the SMT
 * director, an admin and HR among them) and `entries` entries logged from the first of `years`
 * up to now or the end of the last.
 */
export function benchSeed({
  people,
  entries,
  years,
  seed,
  teamSize = ORGANISATION_SIZES.benchmark.teamSize,
}: {
  people: number;
  entries: number;
  years: readonly number[];
  seed: number;
  teamSize?: number;
}): BenchSeed {
  const organisation = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people, entries, teamSize });
  const to = new Date(Math.min(Date.now(), Date.UTC(years.at(-1)! + 1, 0, 1) - 1));
  const options = [
    ...['--people', String(people), '--entries', String(entries), '--team-size', String(teamSize), '--seed', String(seed)],
    ...['--from', `${years[0]}-01-01`, '--to', to.toISOString().slice(0, 10)],
  ];
  return { organisation, options };
}

/** `npm run seed-organisation -- <options>` on the database at `connectionString`, its output shown; resolves when it succeeded. */
export async function seedOrganisation(connectionString: string, options: readonly string[]): Promise<void> {
  const started = performance.now();
  const args = ['run', '--silent', 'seed-organisation', '--', '--password', BENCH_PASSWORD, ...options];
  const seeding = spawn('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: connectionString, ORG_EMAIL_DOMAIN: BENCH_DOMAIN, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    seeding.on('error', reject);
    seeding.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run seed-organisation ${options.join(' ')} ended with code ${code}`);
  console.log(`  npm run seed-organisation: ${secondsSince(started).toFixed(1)} s with the process's start`);
}

/** Runs `work`s handed to it, at most `concurrency` at once. */
function limited(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < concurrency) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** Signs the organisation's people in at `baseUrl` (`POST /api/login`) as they are asked for, each once. */
export function signIns(baseUrl: string, organisation: Organisation): (index: number) => Promise<SeededUser> {
  const signedIn = new Map<number, Promise<SeededUser>>();
  const limit = limited(SIGN_IN_CONCURRENCY);
  const signIn = (index: number) =>
    limit(async (): Promise<SeededUser> => {
      const person = organisation.people[index]!;
      const response = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: emailOf(person, BENCH_DOMAIN), password: BENCH_PASSWORD }),
      });
      if (!response.ok) throw new Error(`The sign-in of ${emailOf(person, BENCH_DOMAIN)} answered ${response.status}`);
      const { user, authToken } = loginResponseSchema.parse(await response.json());
      return { id: user.id, token: authToken, firstName: person.firstName, lastName: person.lastName };
    });
  return (index) => {
    let user = signedIn.get(index);
    if (!user) signedIn.set(index, (user = signIn(index)));
    return user;
  };
}

/** Every one of the organisation's people, signed in. */
export async function signInEveryone(baseUrl: string, organisation: Organisation): Promise<SeededUser[]> {
  const started = performance.now();
  const userAt = signIns(baseUrl, organisation);
  const users = await Promise.all(organisation.people.map((person) => userAt(person.index)));
  console.log(`  ${users.length} people signed in over HTTP in ${secondsSince(started).toFixed(1)} s`);
  return users;
}
