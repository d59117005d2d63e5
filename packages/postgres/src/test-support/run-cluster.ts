/**
 * A process that runs the embedded PostgreSQL of a data folder, for tests that kill it:
 * `node --import tsx run-cluster.ts <dataDir>` prints one JSON line ({ port, connectionString })
 * once PostgreSQL is ready and stops it on SIGTERM.
 */
import { startEmbeddedPostgres } from '../embedded';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: run-cluster.ts <dataDir>');
const postgres = await startEmbeddedPostgres({ dataDir });
console.log(JSON.stringify({ port: postgres.port, connectionString: postgres.connectionString }));
process.on('SIGTERM', () => void postgres.stop().then(() => process.exit(0)));
setInterval(() => {}, 60_000);
