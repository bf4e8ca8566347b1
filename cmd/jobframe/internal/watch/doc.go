// Package watch serves the report of sources that are still being
// written (jobframe watch): one page on a local address that follows
// the logs as they grow, without reloading.
//
// The server polls its sources (Options.Interval): a file that grew,
// was truncated, replaced (a rotated log) or removed, and a file new in
// a watched folder, are noticed by their size, modification time and
// identity. On a change the sources are loaded again group by group
// (groups.go): a group whose files did not change keeps its load, a
// streaming log that grew (a HyperQueue journal, a Work Queue or
// TaskVine transactions log) goes on from its last checkpoint and reads
// only what follows, any other is read again; then the report is
// rebuilt. The page receives it by Server-Sent Events (the standard
// library's HTTP server; the browser's EventSource) and puts each
// section, table and chart in place (report.Patch). A live section on
// top says what is running now (attempts per worker), the newest
// failures, and when and how the logs last changed. A load that fails
// (a bad record in strict mode) leaves the last report on the page with
// the error above it, until a later change loads again.
//
// The page loads nothing from the network: its Content-Security-Policy
// is the report's with its own script's hash and connect-src 'self'.
// The server answers only requests whose Host names the address it
// listens on, or localhost on a loopback address (a page elsewhere
// cannot reach it through a name that resolves to 127.0.0.1).
package watch
