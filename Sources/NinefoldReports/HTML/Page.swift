import Plot

/// A self-contained HTML page: inline styles, no scripts, no network, no external assets.
enum Page {
    static func render(title: String, body: [Node<HTML.BodyContext>]) -> String {
        let html = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("generator"), .content("ninefold")),
                .title(title),
                .element(named: "style", nodes: [.raw(stylesheet)])
            ),
            .body(.group(body))
        )
        return html.render(indentedBy: .spaces(1)) + "\n"
    }

    static func legend() -> Node<HTML.BodyContext> {
        .div(.class("legend"),
             .span(.class("swatch view")), .text("view (frame on hover)"),
             .span(.class("swatch ambiguous")), .text("ambiguous view"),
             .span(.class("swatch free")), .text("how far it can move"),
             .span(.class("badge unique")), .text("unique"),
             .span(.class("badge ambiguous")), .text("ambiguous"),
             .span(.class("badge conflicting")), .text("conflicting"))
    }

    static let stylesheet = """
    :root { --ink: #1d2330; --muted: #667085; --line: #d6dae3; --paper: #ffffff; --wash: #f5f6f8;
      --green: #1f9d55; --amber: #c47f12; --red: #d1343b; --blue: #2f6fde; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 32px 40px 56px; background: var(--wash); color: var(--ink);
      font: 14px/1.45 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
    header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; margin-bottom: 20px; }
    h1 { font-size: 24px; font-weight: 650; margin: 0; letter-spacing: -0.01em; }
    h2 { font-size: 16px; font-weight: 600; margin: 28px 0 10px; }
    h3 { font-size: 13px; font-weight: 600; margin: 0; }
    .subtitle { color: var(--muted); }
    .grid { display: grid; grid-template-columns: 120px repeat(3, minmax(0, 1fr)); gap: 14px; align-items: stretch; }
    .axis { color: var(--muted); font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.06em;
      display: flex; align-items: center; justify-content: center; text-align: center; }
    .cell { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 12px;
      display: flex; flex-direction: column; gap: 8px; min-width: 0; }
    .cell.final { box-shadow: 0 1px 2px rgba(16, 24, 40, 0.06); }
    .cell-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
    .counts { color: var(--muted); font-size: 12px; }
    .frame { display: flex; justify-content: center; align-items: center; background: var(--wash);
      border-radius: 6px; padding: 8px; height: 260px; }
    .frame.large { height: 560px; }
    svg.wireframe { max-width: 100%; max-height: 100%; background: #fff; border: 1px solid #b9c0cc; }
    svg.wireframe g.view rect { stroke: #56627a; stroke-width: 1; vector-effect: non-scaling-stroke; }
    svg.wireframe g.root rect { stroke: none; }
    svg.wireframe g.hidden { opacity: 0.35; }
    svg.wireframe g.ambiguous rect { stroke: var(--amber); stroke-width: 2; }
    svg.wireframe rect.hatch { stroke: none; }
    svg.wireframe rect.free-range { fill: none; stroke: var(--amber); stroke-dasharray: 6 4; stroke-width: 1.5;
      vector-effect: non-scaling-stroke; }
    svg.wireframe text { fill: #1d2330; font-family: inherit; pointer-events: none; }
    svg.wireframe g.view:hover rect { stroke: var(--blue); stroke-width: 2.5; }
    svg.overlay .from rect { fill: none; stroke: var(--blue); stroke-dasharray: 5 3; vector-effect: non-scaling-stroke; }
    svg.overlay .to rect { fill: rgba(232, 80, 91, 0.12); stroke: #e8505b; vector-effect: non-scaling-stroke; }
    .badge { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; font-weight: 600; }
    .badge.unique { background: #e3f5ea; color: var(--green); }
    .badge.ambiguous { background: #fdf1dc; color: var(--amber); }
    .badge.conflicting { background: #fbe3e4; color: var(--red); }
    ul.findings { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 6px; }
    ul.findings li { font-size: 12.5px; border-left: 3px solid var(--line); padding: 2px 0 2px 8px; }
    ul.findings li.error { border-color: var(--red); }
    ul.findings li.warning { border-color: var(--amber); }
    ul.findings li.note { border-color: var(--blue); }
    .kind { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 11.5px; color: var(--muted); }
    .detail { color: var(--muted); font-size: 12px; }
    table { border-collapse: collapse; width: 100%; background: var(--paper); border: 1px solid var(--line);
      border-radius: 8px; overflow: hidden; }
    th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); font-size: 13px; vertical-align: top; }
    th { background: #eef0f4; font-weight: 600; font-size: 12px; color: #475467; }
    td.number { font-variant-numeric: tabular-nums; text-align: right; }
    code { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12.5px; }
    .legend { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; color: var(--muted); font-size: 12px;
      margin: 4px 0 18px; }
    .swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; margin-right: -6px; vertical-align: -2px; }
    .swatch.view { background: #f4f6fa; border: 1px solid #56627a; }
    .swatch.ambiguous { background: repeating-linear-gradient(45deg, #e8a33d 0 3px, #fff 3px 8px); border: 2px solid var(--amber); }
    .swatch.free { border: 1.5px dashed var(--amber); }
    .pair { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 14px; }
    a { color: var(--blue); text-decoration: none; }
    a:hover { text-decoration: underline; }
    .delta-plus { color: var(--green); } .delta-minus { color: var(--red); }
    """
}
