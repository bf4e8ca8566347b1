// DuckDB's Parquet writer on the rows of a lake that `jobframe ingest`
// wrote: a baseline for the ingest's own writing (BenchmarkIngestWrite in
// loaders/lake). Each frame's files are read into a table first; only
// the COPY of every table to one snappy Parquet file is timed, on all
// cores (DuckDB's default threads).
//
//   node parquet_write.mjs LAKE_DIR OUT_DIR
//
// prints: frames=N rows=N write_s=S
import { readdirSync, mkdirSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [lake, out] = process.argv.slice(2);
if (!lake || !out) {
  process.stderr.write('usage: node parquet_write.mjs LAKE_DIR OUT_DIR\n');
  process.exit(2);
}
const quote = (s) => s.replaceAll("'", "''");
mkdirSync(out, { recursive: true });
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const frames = readdirSync(lake, { withFileTypes: true })
  .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('_')) // each frame's folder is a link into the current generation
  .map((e) => e.name);
let rows = 0;
for (const f of frames) {
  // the files' own columns: the folders' source= and day= are not read
  await c.run(`CREATE TABLE "${f}" AS SELECT * FROM read_parquet('${quote(lake)}/${f}/**/*.parquet',
    hive_partitioning = false, union_by_name = true)`);
  const r = await c.runAndReadAll(`SELECT count(*) FROM "${f}"`);
  rows += Number(r.getRows()[0][0]);
}
const t0 = process.hrtime.bigint();
for (const f of frames) {
  await c.run(`COPY "${f}" TO '${quote(out)}/${f}.parquet' (FORMAT parquet, COMPRESSION snappy)`);
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
process.stdout.write(`frames=${frames.length} rows=${rows} write_s=${s.toFixed(3)}\n`);
