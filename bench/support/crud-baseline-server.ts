/**
 * The plain-CRUD baseline of a write (issue 14): an Express app whose POST /entries validates the
 * body with the product's own schema (`entryInputSchema` of @tht/contracts), INSERTs one row into a
 * table shaped like the product's `entries` read model (same columns and indexes, in schema
 * `bench_crud` of the database given) and sends the row back as JSON: no sign-in, no events, no
 * projections. A pool of the product's size. Started by benchmarks in its own process:
 * `DATABASE_URL=... node --import tsx bench/support/crud-baseline-server.ts <port>`.
 */
import { entryInputSchema } from '@tht/contracts';
import { createPool } from '@tht/postgres';
import express from 'express';

const port = Number(process.argv[2]);
const pool = createPool(process.env.DATABASE_URL!);

await pool.query(`CREATE SCHEMA IF NOT EXISTS bench_crud;
  CREATE TABLE IF NOT EXISTS bench_crud.entries (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL,
    training_name text NOT NULL,
    date text COLLATE "C" NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    manager_name text NOT NULL,
    department text NOT NULL,
    hours numeric NOT NULL,
    notes text NOT NULL,
    rating smallint NOT NULL,
    be_innovative boolean NOT NULL,
    training_type text NOT NULL,
    course_given_by text NOT NULL,
    custom_fields jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  ) WITH (fillfactor = 90);
  CREATE INDEX IF NOT EXISTS entries_user_date_idx ON bench_crud.entries (user_id, date, id);
  CREATE INDEX IF NOT EXISTS entries_date_idx ON bench_crud.entries (date);`);

const INSERT = {
  name: 'bench-crud-insert',
  text: `INSERT INTO bench_crud.entries (user_id, training_name, date, first_name, last_name, manager_name, department,
      hours, notes, rating, be_innovative, training_type, course_given_by, custom_fields)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
    RETURNING id, user_id AS "userId", first_name || ' ' || last_name AS "employeeName", training_name AS "trainingName",
      date, first_name AS "firstName", last_name AS "lastName", manager_name AS "managerName", department,
      hours::text AS hours, notes, rating, be_innovative AS "beInnovative", training_type AS "trainingType",
      course_given_by AS "courseGivenBy", custom_fields AS "customFields", created_at AS "createdAt", updated_at AS "updatedAt"`,
};

const app = express();
app.use(express.json());
app.post('/entries', async (req, res) => {
  const parsed = entryInputSchema.safeParse(req.body);
  if (!parsed.success) {
    res.status(400).json({ error: parsed.error.issues[0]!.message });
    return;
  }
  const entry = parsed.data;
  const { rows } = await pool.query({
    ...INSERT,
    values: [
      Number(entry.userId ?? 0),
      entry.trainingName,
      entry.date,
      entry.firstName,
      entry.lastName,
      entry.managerName,
      entry.department,
      entry.hours,
      entry.notes,
      entry.rating,
      entry.beInnovative,
      entry.trainingType,
      entry.courseGivenBy,
      JSON.stringify(entry.customFields ?? {}),
    ],
  });
  res.status(201).json(rows[0]);
});
app.listen(port, '127.0.0.1', () => console.log('listening'));
