-- Attempts by source and state, in the SQL that DuckDB, Spark SQL and
-- Trino share (docs/scale.md): a view or table named tasks over the
-- lake's tasks folder, its partition column source read from the
-- folder names. loaders/lake's TestPortableSQL runs it in DuckDB.
SELECT source, state, COUNT(*) AS attempts
FROM tasks
GROUP BY source, state
ORDER BY source, state
