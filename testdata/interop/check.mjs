// Reads a file jobframe wrote with a real third-party reader and prints,
// as JSON, its row count, column types and per-column checksums, so that
// frame/interop_test.go can compare them with what jobframe wrote.
//
//   node check.mjs duckdb-parquet FILE   (DuckDB read_parquet)
//   node check.mjs duckdb-csv FILE       (DuckDB read_csv, types sniffed,
//                                         allow_quoted_nulls=false so that
//                                         "" stays an empty string)
//   node check.mjs duckdb-hive DIR       (DuckDB read_parquet of DIR/**/*.parquet
//                                         with hive_partitioning: a partitioned
//                                         dataset as one table)
//   node check.mjs arrowjs FILE          (Arrow JS tableFromIPC: Feather v2)
//
// Checksums per column: non-null count, and by type: integer sum,
// float sum, bool true count, timestamp sum of epoch microseconds,
// string total UTF-8 bytes and distinct count. Integers are printed as
// decimal strings so that 64-bit values stay exact.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC, Type } from 'apache-arrow';

const [kind, file] = process.argv.slice(2);

async function duckdb(reader, opts = '', path = file) {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const src = `${reader}('${path.replaceAll("'", "''")}'${opts})`;
  const desc = (await c.runAndReadAll(`DESCRIBE SELECT * FROM ${src}`)).getRows();
  const out = { rows: 0, columns: {} };
  out.rows = Number((await c.runAndReadAll(`SELECT count(*) FROM ${src}`)).getRows()[0][0]);
  for (const [name, type] of desc) {
    const q = `"${name.replaceAll('"', '""')}"`;
    let agg;
    if (/INT/.test(type)) agg = `sum(${q}::HUGEINT)::VARCHAR`;
    else if (type === 'DOUBLE') agg = `sum(${q})::VARCHAR`;
    else if (type === 'BOOLEAN') agg = `count_if(${q})::VARCHAR`;
    else if (/TIMESTAMP/.test(type)) agg = `sum(epoch_us(${q})::HUGEINT)::VARCHAR`;
    else agg = `sum(strlen(${q}))::VARCHAR || '/' || count(DISTINCT ${q})::VARCHAR`;
    const [cnt, sum] = (await c.runAndReadAll(`SELECT count(${q})::VARCHAR, ${agg} FROM ${src}`)).getRows()[0];
    out.columns[name] = { type, count: cnt, sum: sum ?? '0' };
  }
  return out;
}

function arrowjs() {
  const table = tableFromIPC(readFileSync(file));
  const out = { rows: table.numRows, columns: {} };
  for (const field of table.schema.fields) {
    const vec = table.getChild(field.name);
    let count = 0n, isum = 0n, fsum = 0, bytes = 0n;
    const distinct = new Set();
    const t = field.type;
    for (let i = 0; i < vec.length; i++) {
      if (!vec.isValid(i)) continue;
      count++;
      if (t.typeId === Type.Timestamp) {
        // raw epoch microseconds from the chunk's 64-bit values
        let j = i;
        for (const d of vec.data) {
          if (j < d.length) { isum += BigInt(d.values[d.offset + j]); break; }
          j -= d.length;
        }
      } else if (t.typeId === Type.Int) isum += BigInt(vec.get(i));
      else if (t.typeId === Type.Float) fsum += vec.get(i);
      else if (t.typeId === Type.Bool) isum += vec.get(i) ? 1n : 0n;
      else { const s = vec.get(i); bytes += BigInt(Buffer.byteLength(s, 'utf8')); distinct.add(s); }
    }
    let sum;
    if (t.typeId === Type.Float) sum = String(fsum);
    else if (t.typeId === Type.Utf8 || t.typeId === Type.Dictionary) sum = `${bytes}/${distinct.size}`;
    else sum = String(isum);
    out.columns[field.name] = { type: String(t), count: String(count), sum };
  }
  return out;
}

let result;
if (kind === 'duckdb-parquet') result = await duckdb('read_parquet');
else if (kind === 'duckdb-csv') result = await duckdb('read_csv', ', allow_quoted_nulls = false');
else if (kind === 'duckdb-hive') result = await duckdb('read_parquet', ', hive_partitioning = true', `${file}/**/*.parquet`);
else if (kind === 'arrowjs') result = arrowjs();
else { console.error(`unknown check ${kind}`); process.exit(2); }
console.log(JSON.stringify(result));
