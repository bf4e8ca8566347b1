package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"sync"
)

// echartsJS is Apache ECharts 6.1.0's dist/echarts.min.js from npm
// (Apache-2.0; assets/echarts.LICENSE, echarts.NOTICE), pinned in
// testdata/interop/package.json; TestEmbeddedEChartsIsThePinnedRelease
// checks it is that file.
//
//go:embed assets/echarts.min.js
var echartsJS string

// reportJS draws the charts from the page's data block.
//
//go:embed assets/report.js
var reportJS string

// scriptHashes is the Content-Security-Policy source list that allows
// the page's two inline scripts, and nothing else, to run.
var scriptHashes = sync.OnceValue(func() string {
	h := ""
	for _, s := range []string{echartsJS, reportJS} {
		sum := sha256.Sum256([]byte(s))
		h += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return h
})

// writeHTML renders doc as the report's page.
func writeHTML(w io.Writer, doc *Document) error {
	var charts []Chart
	for _, s := range doc.Sections {
		charts = append(charts, s.Charts...)
	}
	data, err := json.Marshal(struct {
		Charts []Chart `json:"charts"`
	}{charts})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := page.Execute(w, struct {
		*Document
		CSP      string
		Data     template.JS
		ECharts  template.JS
		ReportJS template.JS
	}{doc, "default-src 'none'; script-src" + scriptHashes() + "; style-src 'unsafe-inline'; img-src data:",
		// json.Marshal escapes <, > and &, so the data cannot close its
		// script element.
		template.JS(data), template.JS(echartsJS), template.JS(reportJS)}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// page is the report's HTML: one file, its CSS, scripts and data inline,
// no external resource (the Content-Security-Policy forbids any).
var page = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}">
<title>{{.Title}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; }
header { background: #1d3557; color: #fff; padding: 14px 28px; }
header h1 { margin: 0; font-size: 22px; }
nav { padding: 8px 28px; background: #eef1f5; border-bottom: 1px solid #d5dbe3; font-size: 14px; }
nav a { margin-right: 14px; color: #1d3557; text-decoration: none; white-space: nowrap; }
nav a.empty { color: #8a94a3; }
main { padding: 8px 28px 40px; max-width: 1100px; }
section { background: #fff; border: 1px solid #e2e6eb; border-radius: 6px; padding: 10px 20px 16px; margin: 16px 0; }
section h2 { font-size: 18px; margin: 6px 0 8px; }
p.intro { color: #444; margin: 4px 0 10px; }
p.reason { color: #8a5a00; background: #fff7e6; border-left: 4px solid #e6a700; padding: 6px 10px; }
p.note { color: #555; font-size: 14px; }
dl { display: grid; grid-template-columns: max-content auto; gap: 3px 18px; margin: 6px 0 12px; }
dt { color: #555; } dd { margin: 0; font-variant-numeric: tabular-nums; }
.charts { display: flex; flex-wrap: wrap; gap: 10px; }
figure.chart-box { margin: 0; flex: 1 1 auto; max-width: 100%; }
div.chart { width: 100%; }
@media print { nav { display: none; } section { break-inside: avoid; } body { background: #fff; } }
table { display: block; overflow-x: auto; max-width: 100%; border-collapse: collapse; margin: 8px 0; font-size: 13px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #e2e6eb; padding: 3px 8px; text-align: left; max-width: 420px; overflow-wrap: anywhere; }
th { background: #f3f5f8; overflow-wrap: normal; word-break: keep-all; hyphens: none; }
tr:nth-child(even) td { background: #fbfcfd; }
.more { color: #666; font-size: 13px; }
</style>
</head>
<body>
<header><h1>{{.Title}}</h1></header>
<nav>{{range .Sections}}<a href="#{{.ID}}"{{if .Reason}} class="empty"{{end}}>{{.Title}}</a>
{{end}}</nav>
<main>
{{range .Sections}}<section id="{{.ID}}"{{if .Reason}} class="empty"{{end}}>
<h2>{{.Title}}</h2>
{{if .Reason}}<p class="reason">{{.Reason}}</p>{{else}}{{with .Intro}}<p class="intro">{{.}}</p>{{end}}
{{with .Facts}}<dl>{{range .}}{{if not .InTable}}<dt>{{.Name}}</dt><dd>{{.Text}}</dd>{{end}}{{end}}</dl>{{end}}
{{with .Charts}}<div class="charts">{{range .}}<figure class="chart-box" style="width:{{.Width}}px"><div class="chart" id="{{.ID}}" role="img" aria-label="{{.Title}}" style="height:{{.Height}}px"></div></figure>{{end}}</div>{{end}}
{{range .Notes}}<p class="note">{{.}}</p>{{end}}
{{range .Tables}}<table><caption>{{.Caption}}</caption>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table>
{{if .More}}<p class="more">… and {{.More}} more rows</p>{{end}}{{end}}{{end}}
</section>
{{end}}</main>
<script type="application/json" id="jf-data">{{.Data}}</script>
<script>{{.ECharts}}</script>
<script>{{.ReportJS}}</script>
</body>
</html>
`))
