// DuckDB's time for the group-by of frame's BenchmarkGroupByExprs10M on
// the same rows (a Parquet file the benchmark writes when
// JOBFRAME_GROUPBY_PARQUET names it), loaded into a table first: the best
// of five runs of the query, on all cores (DuckDB's default threads).
//
//   node groupby.mjs ROWS.parquet
//
// prints: groups=N best_s=S
import { DuckDBInstance } from '@duckdb/node-api';

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node groupby.mjs ROWS.parquet\n');
  process.exit(2);
}
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
await c.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
let best = Infinity;
let groups = 0;
for (let i = 0; i < 5; i++) {
  const t0 = process.hrtime.bigint();
  const r = await c.runAndReadAll('SELECT worker, sum(run_s), avg(run_s), max(mem_mb) FROM t GROUP BY worker');
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  groups = r.getRows().length;
  best = Math.min(best, s);
}
process.stdout.write(`groups=${groups} best_s=${best.toFixed(4)}\n`);
