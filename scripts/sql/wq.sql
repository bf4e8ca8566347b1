-- Work Queue: measured memory and bandwidth of the attempts that
-- succeeded, as 10-bin histograms, the "WQ" analysis of the benchmark,
-- on a lake that `jobframe ingest` wrote from one transactions log:
--
--   duckdb -cmd "SET VARIABLE lake = 'path/to/lake'" < scripts/sql/wq.sql
--
-- An attempt succeeded when it is its task's final one, DONE with
-- SUCCESS and exit code 0, within its limits. The histograms bin as
-- numpy.histogram(x, bins=10) does: edges linspace(min, max, 11), the
-- last bin closed.
CREATE OR REPLACE TEMP TABLE wq_ok AS
SELECT mem_mb AS memory, bandwidth_mbps AS bandwidth
FROM read_parquet(getvariable('lake') || '/tasks/source=workqueue/**/*.parquet',
                  hive_partitioning = true, union_by_name = true)
WHERE final AND done_result = 'SUCCESS' AND exit_code = 0 AND limits_exceeded IS NULL;

CREATE OR REPLACE TEMP MACRO np_hist(v) AS TABLE
WITH b AS (SELECT CASE WHEN min(x) = max(x) THEN min(x) - 0.5 ELSE min(x) END AS lo,
                  CASE WHEN min(x) = max(x) THEN max(x) + 0.5 ELSE max(x) END AS hi
           FROM (SELECT unnest(v) AS x)),
     e AS (SELECT lo, hi, [CASE WHEN k = 10 THEN hi ELSE k * ((hi - lo) / 10.0) + lo END FOR k IN range(11)] AS edges FROM b),
     g AS (SELECT x, e.edges, least(CAST(trunc((x - e.lo) / (e.hi - e.lo) * 10) AS BIGINT), 9) AS i
           FROM (SELECT unnest(v) AS x), e WHERE x IS NOT NULL),
     c AS (SELECT CASE WHEN x < edges[i + 1] THEN i - 1 WHEN i < 9 AND x >= edges[i + 2] THEN i + 1 ELSE i END AS bin,
                  count(*) AS n FROM g GROUP BY bin)
SELECT string_agg(coalesce(c.n, 0)::VARCHAR, '/' ORDER BY k) AS hist FROM range(10) r(k) LEFT JOIN c ON c.bin = r.k;

SELECT printf('WQ rows=%d mem_min=%d mem_max=%d mem_sum=%d mem_hist=%s bw_min=%.3f bw_max=%.3f bw_sum=%.3f bw_hist=%s',
              count(*), min(memory)::BIGINT, max(memory)::BIGINT, sum(memory)::BIGINT,
              (SELECT hist FROM np_hist((SELECT list(memory) FROM wq_ok))),
              min(bandwidth), max(bandwidth), sum(bandwidth),
              (SELECT hist FROM np_hist((SELECT list(bandwidth) FROM wq_ok)))) AS fingerprint
FROM wq_ok;
