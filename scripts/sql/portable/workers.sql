-- Attempts per worker, ranked within each source, in the SQL that
-- DuckDB, Spark SQL and Trino share (docs/scale.md): a view or table
-- named tasks over the lake's tasks folder. loaders/lake's
-- TestPortableSQL runs it in DuckDB.
SELECT source, worker, attempts,
       RANK() OVER (PARTITION BY source ORDER BY attempts DESC) AS place
FROM (SELECT source, worker, COUNT(*) AS attempts
      FROM tasks
      WHERE worker IS NOT NULL
      GROUP BY source, worker) per_worker
ORDER BY source, place, worker
