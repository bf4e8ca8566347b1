-- Balsam: throughput, node utilization and available nodes of the jobs
-- tagged experiment=foo, the "BALSAM" analysis of the benchmark, on a
-- lake that `jobframe ingest` wrote from one Balsam dump (events, jobs
-- and batch jobs):
--
--   duckdb -cmd "SET VARIABLE lake = 'path/to/lake'" < scripts/sql/balsam.sql
--
-- Utilization rises by an event's num_nodes at each move into RUNNING
-- and falls at each move out of it by the num_nodes of the job's
-- earliest RUNNING event (1 without one), ordered by time then change.
-- Available nodes are those of the batch jobs that may run foo jobs
-- (no filter, or experiment=foo) between their start and end. Areas are
-- node·µs; times print in UTC.
CREATE OR REPLACE TEMP TABLE balsam_fe AS
SELECT time, job, from_state, to_state, num_nodes
FROM read_parquet(getvariable('lake') || '/events/source=balsam/**/*.parquet',
                  hive_partitioning = true, union_by_name = true)
WHERE "tag.experiment" = 'foo';

CREATE OR REPLACE TEMP TABLE balsam_util AS
WITH w AS (SELECT job, arg_min(num_nodes, time) AS w FROM balsam_fe WHERE to_state = 'RUNNING' GROUP BY job),
d AS (SELECT time AS t, num_nodes AS delta FROM balsam_fe WHERE to_state = 'RUNNING'
      UNION ALL
      SELECT f.time, -coalesce(w.w, 1.0) FROM balsam_fe f LEFT JOIN w USING (job) WHERE f.from_state = 'RUNNING')
SELECT t, sum(delta) OVER win AS nodes, lead(t) OVER win AS t_next, row_number() OVER win AS i
FROM d WINDOW win AS (ORDER BY t, delta ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW);

CREATE OR REPLACE TEMP TABLE balsam_avail AS
WITH b AS (SELECT * FROM read_parquet(getvariable('lake') || '/allocations/source=balsam/**/*.parquet',
                                      hive_partitioning = true, union_by_name = true)
           WHERE start IS NOT NULL AND "end" IS NOT NULL AND coalesce(filter_tags, '') IN ('', 'experiment:foo')),
d AS (SELECT start AS t, nodes AS delta FROM b UNION ALL SELECT "end", -nodes FROM b)
SELECT t, sum(delta) OVER wa AS nodes, lead(t) OVER wa AS t_next
FROM d WINDOW wa AS (ORDER BY t, delta ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW);

WITH thr AS (SELECT count(*) AS n, min(time) AS first, max(time) AS last FROM balsam_fe WHERE to_state = 'JOB_FINISHED'),
u AS (SELECT count(*) AS points, max(nodes) AS peak, arg_max(nodes, i) AS final,
             sum(nodes * coalesce(epoch_us(t_next) - epoch_us(t), 0)) AS area FROM balsam_util),
a AS (SELECT count(*) AS points, coalesce(max(nodes), 0) AS peak,
             coalesce(sum(nodes * coalesce(epoch_us(t_next) - epoch_us(t), 0)), 0) AS area FROM balsam_avail)
SELECT printf('BALSAM events=%d finished=%d first=%s last=%s util_points=%d util_peak=%.4f util_final=%.4f util_node_us=%.3f avail_points=%d avail_peak=%d avail_node_us=%d',
              (SELECT count(*) FROM balsam_fe), thr.n,
              coalesce(strftime(make_timestamp(epoch_us(thr.first)), '%Y-%m-%dT%H:%M:%S.%f'), '-'),
              coalesce(strftime(make_timestamp(epoch_us(thr.last)), '%Y-%m-%dT%H:%M:%S.%f'), '-'),
              u.points, u.peak, u.final, u.area, a.points, a.peak, a.area) AS fingerprint
FROM thr, u, a;
