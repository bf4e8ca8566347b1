// Runs one of jobframe's SQL scripts (scripts/sql/*.sql) in DuckDB on a
// lake that `jobframe ingest` wrote, and prints the first column of the
// last statement's first row (the script's fingerprint) on stdout, and
// load_s / analysis_s on stderr, as ../shared/bench's programs do. With
// --rows, it prints every row of the last statement instead, its values
// separated by tabs (scripts/sql/portable, which read a view named after
// each frame: --views creates them over the lake first).
//
//   node sql.mjs LAKE_DIR SCRIPT.sql [--rows] [--views]
import { existsSync, readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [lake, script, ...flags] = process.argv.slice(2);
if (!lake || !script) {
  process.stderr.write('usage: node sql.mjs LAKE_DIR SCRIPT.sql\n');
  process.exit(2);
}
const t0 = process.hrtime.bigint();
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
await c.run(`SET VARIABLE lake = '${lake.replaceAll("'", "''")}'`);
if (flags.includes('--views')) {
  for (const frame of ['tasks', 'workers', 'events', 'jobs', 'placements']) {
    if (!existsSync(`${lake}/${frame}`)) continue;
    await c.run(`CREATE VIEW ${frame} AS SELECT * FROM read_parquet(getvariable('lake') || '/${frame}/**/*.parquet', hive_partitioning = true, union_by_name = true)`);
  }
}
const reader = await c.runAndReadAll(readFileSync(script, 'utf8'));
const rows = reader.getRows();
const s = Number(process.hrtime.bigint() - t0) / 1e9;
process.stderr.write(`load_s=0.000 analysis_s=${s.toFixed(3)}\n`);
if (flags.includes('--rows')) {
  process.stdout.write(rows.map((r) => r.map(String).join('\t')).join('\n') + '\n');
} else {
  process.stdout.write(String(rows[0][0]) + '\n');
}
