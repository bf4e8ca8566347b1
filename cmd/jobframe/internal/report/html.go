package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
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
var scriptHashes = sync.OnceValue(func() string { return hashes(echartsJS, reportJS) })

// hashes is the Content-Security-Policy source list of scripts.
func hashes(scripts ...string) string {
	h := ""
	for _, s := range scripts {
		sum := sha256.Sum256([]byte(s))
		h += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return h
}

// PageOptions are what a page served live (jobframe watch) adds to the
// report's page.
type PageOptions struct {
	// Script is one more inline script, run after the report's: the
	// Content-Security-Policy allows it by its hash.
	Script string
	// Connect lets the page connect to the address it was served from
	// (connect-src 'self': Server-Sent Events), and nowhere else.
	Connect bool
}

// writeHTML renders doc as the report's page.
func writeHTML(w io.Writer, doc *Document) error { return RenderPage(w, doc, PageOptions{}) }

// RenderPage renders doc as the report's page with what o adds.
func RenderPage(w io.Writer, doc *Document, o PageOptions) error {
	data, err := json.Marshal(struct {
		Charts []Chart `json:"charts"`
	}{charts(doc)})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	csp := "default-src 'none'; script-src" + scriptHashes()
	if o.Script != "" {
		csp += hashes(o.Script)
	}
	csp += "; style-src 'unsafe-inline'; img-src data:"
	if o.Connect {
		csp += "; connect-src 'self'"
	}
	if err := page.Execute(w, struct {
		*Document
		CSP      string
		Data     template.JS
		ECharts  template.JS
		ReportJS template.JS
		Extra    template.JS
	}{doc, csp,
		// json.Marshal escapes <, > and &, so the data cannot close its
		// script element.
		template.JS(data), template.JS(echartsJS), template.JS(reportJS), template.JS(o.Script)}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// charts are the charts of doc's sections, in order.
func charts(doc *Document) []Chart {
	var out []Chart
	for _, s := range doc.Sections {
		out = append(out, s.Charts...)
	}
	return out
}

// Patch is a report as a page already open takes it (jobframe watch):
// its title, navigation and each section's HTML, and the charts' data
// for the page's script to draw in place (window.jfReport.update).
type Patch struct {
	Title    string         `json:"title"`
	Nav      string         `json:"nav"`
	Sections []SectionPatch `json:"sections"`
	Charts   []Chart        `json:"charts"`
}

// SectionPatch is one section's inner HTML, and whether it is empty
// (its class).
type SectionPatch struct {
	ID    string `json:"id"`
	Empty bool   `json:"empty"`
	HTML  string `json:"html"`
}

// NewPatch renders doc as a patch.
func NewPatch(doc *Document) (*Patch, error) {
	p := &Patch{Title: doc.Title, Charts: charts(doc)}
	var b strings.Builder
	if err := page.ExecuteTemplate(&b, "nav", doc); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	p.Nav = b.String()
	for i := range doc.Sections {
		b.Reset()
		if err := page.ExecuteTemplate(&b, "section-body", &doc.Sections[i]); err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		p.Sections = append(p.Sections, SectionPatch{ID: doc.Sections[i].ID, Empty: doc.Sections[i].Reason != "", HTML: b.String()})
	}
	return p, nil
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
<nav>{{template "nav" .}}</nav>
<main>
{{range .Sections}}<section id="{{.ID}}"{{if .Reason}} class="empty"{{end}}>{{template "section-body" .}}</section>
{{end}}</main>
<script type="application/json" id="jf-data">{{.Data}}</script>
<script>{{.ECharts}}</script>
<script>{{.ReportJS}}</script>
{{with .Extra}}<script>{{.}}</script>
{{end}}</body>
</html>
{{define "nav"}}{{range .Sections}}<a href="#{{.ID}}"{{if .Reason}} class="empty"{{end}}>{{.Title}}</a>
{{end}}{{end}}
{{define "section-body"}}
<h2>{{.Title}}</h2>
{{if .Reason}}<p class="reason">{{.Reason}}</p>{{else}}{{with .Intro}}<p class="intro">{{.}}</p>{{end}}
{{with .Facts}}<dl>{{range .}}{{if not .InTable}}<dt>{{.Name}}</dt><dd>{{.Text}}</dd>{{end}}{{end}}</dl>{{end}}
{{with .Charts}}<div class="charts">{{range .}}<figure class="chart-box" style="width:{{.Width}}px"><div class="chart" id="{{.ID}}" role="img" aria-label="{{.Title}}" style="height:{{.Height}}px"></div></figure>{{end}}</div>{{end}}
{{range .Notes}}<p class="note">{{.}}</p>{{end}}
{{range .Tables}}<table><caption>{{.Caption}}</caption>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table>
{{if .More}}<p class="more">… and {{.More}} more rows</p>{{end}}{{end}}{{end}}
{{end}}`))
