// Counts the rows DuckDB reads from each frame of each lake named, by the
// documented layout (LAKE/FRAME/**/*.parquet, FRAME each folder or link
// at the lake's top but those starting with "_"): one line per lake,
// "frame=rows ..." in the frames' order by name.
//
//   node counts.mjs LAKE_DIR...
import { readdirSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const lakes = process.argv.slice(2);
const quote = (s) => s.replaceAll("'", "''");
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
for (const lake of lakes) {
  const frames = readdirSync(lake, { withFileTypes: true })
    .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort();
  const out = [];
  for (const f of frames) {
    let n = 0;
    try {
      const r = await c.runAndReadAll(`SELECT count(*) FROM read_parquet('${quote(lake)}/${f}/**/*.parquet', union_by_name = true)`);
      n = Number(r.getRows()[0][0]);
    } catch (err) {
      if (!String(err).includes('No files found')) throw err;
    }
    if (n > 0) out.push(`${f}=${n}`);
  }
  process.stdout.write(out.join(' ') + '\n');
}
