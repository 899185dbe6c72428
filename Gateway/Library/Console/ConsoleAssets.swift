/// The console's stylesheet and its little script, served from the gateway itself: the pages' CSP
/// allows nothing from anywhere else, and nothing inline.
enum ConsoleAssets {
    static let stylesheet = """
        :root{color-scheme:light dark;--accent:#2456c9;--muted:#6b7280;--line:#d1d5db;--bad:#b00020;--good:#1b7f3b}
        body{font-family:system-ui,sans-serif;margin:0;line-height:1.45}
        header{background:#111827;color:#fff;padding:.4rem 1rem}
        nav{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
        nav a{color:#fff;text-decoration:none}nav a:focus,nav a:hover{text-decoration:underline}
        nav form{margin-left:auto}kbd{font-size:.75em;opacity:.7;border:1px solid currentColor;border-radius:3px;padding:0 .2em}
        main{max-width:70rem;margin:1rem auto;padding:0 1rem}footer{color:var(--muted);font-size:.85em;max-width:70rem;margin:2rem auto;padding:0 1rem}
        table.list{border-collapse:collapse;width:100%}table.list th,table.list td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
        tr[data-row].current{outline:2px solid var(--accent);outline-offset:-2px}td.number{text-align:right}
        .filters{display:flex;gap:1rem;align-items:end;flex-wrap:wrap;margin-bottom:1rem}
        .stacked{display:grid;gap:.6rem;max-width:32rem}.stacked label{display:grid;gap:.2rem}
        fieldset{display:grid;gap:.3rem;border:1px solid var(--line)}.inline{display:inline}
        input,select,textarea,button{font:inherit;padding:.35rem .5rem}button{cursor:pointer}
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .notice{border-left:4px solid var(--good);padding:.4rem .8rem}.error{border-left:4px solid var(--bad);padding:.4rem .8rem;color:var(--bad)}
        dl.content{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dl.content dt{color:var(--muted)}
        .text{white-space:pre-wrap}.takedown,.unavailable,.down{color:var(--bad)}.ok{color:var(--good)}
        pre{white-space:pre-wrap;word-break:break-all;font-size:.8em}
        """

    /// Keyboard use: `j`/`k` move through a list's rows, Enter opens the current one, `/` goes to the
    /// search field, and a nav link's letter opens it. Nothing happens while typing in a field.
    static let script = """
        "use strict";
        (function () {
          var rows = function () { return Array.prototype.slice.call(document.querySelectorAll("tr[data-row]")); };
          var current = -1;
          function mark(index) {
            var all = rows();
            if (all.length === 0) { return; }
            current = Math.max(0, Math.min(all.length - 1, index));
            all.forEach(function (row, i) { row.classList.toggle("current", i === current); });
            var link = all[current].querySelector("a");
            if (link) { link.focus(); } else { all[current].scrollIntoView({ block: "nearest" }); }
          }
          document.addEventListener("keydown", function (event) {
            var target = event.target;
            if (event.ctrlKey || event.metaKey || event.altKey) { return; }
            if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) { return; }
            if (event.key === "j") { mark(current + 1); event.preventDefault(); return; }
            if (event.key === "k") { mark(current - 1); event.preventDefault(); return; }
            if (event.key === "/") {
              var search = document.querySelector("[data-search]");
              if (search) { search.focus(); event.preventDefault(); }
              return;
            }
            var link = document.querySelector('nav a[data-key="' + event.key + '"]');
            if (link) { window.location.href = link.getAttribute("href"); event.preventDefault(); }
          });
        })();
        """
}
