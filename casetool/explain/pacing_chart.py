"""A small self-contained HTML page with one bar chart per case's pacing."""

from __future__ import annotations

import math

from jinja2 import Environment

_PAGE = Environment(autoescape=True).from_string("""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pacing</title>
<style>body{font-family:sans-serif;margin:2em}svg text{font-size:11px}.bar{fill:#555}.one{fill:#111}
.warn{color:#8a4b00}</style></head><body>
{% for chart in charts %}<section><h2>Case {{ chart.number }}: {{ chart.title }}</h2>
<svg width="{{ chart.width }}" height="180" role="img" aria-label="consistent answers after each event">
{% for bar in chart.bars %}<rect class="{{ 'one' if bar.answers == 1 else 'bar' }}" x="{{ bar.x }}" y="{{ bar.y }}"
 width="28" height="{{ bar.h }}"><title>event {{ bar.event }}: {{ bar.label }} answers</title></rect>
<text x="{{ bar.x + 14 }}" y="{{ bar.y - 4 }}" text-anchor="middle">{{ bar.label }}</text>
<text x="{{ bar.x + 14 }}" y="172" text-anchor="middle">{{ bar.event }}</text>{% endfor %}
</svg><p>Consistent answers (log scale) after each event; event 0 is the start.</p>
{% for w in chart.warnings %}<p class="warn">{{ w }}</p>{% endfor %}</section>{% endfor %}
</body></html>
""")


def pacing_html(results) -> str:
    charts = []
    for p in results:
        top = max((s.answers for s in p.stages), default=1)
        scale = 130 / max(math.log10(top + 1), 1e-9)
        bars = []
        for i, s in enumerate(p.stages):
            h = max(2.0, math.log10(s.answers + 1) * scale)
            label = f">{s.answers}" if s.capped else str(s.answers)
            bars.append({"x": 10 + 40 * i, "y": 155 - h, "h": round(h, 1), "event": s.event,
                         "answers": s.answers, "label": label})
        charts.append({"number": p.case.number, "title": p.case.title, "bars": bars,
                       "width": 20 + 40 * len(bars), "warnings": [w.text() for w in p.warnings] + ([p.unknown] if p.unknown else [])})
    return _PAGE.render(charts=charts)
