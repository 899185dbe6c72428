/// The console's pages, as Mustache templates (`{{value}}` is HTML-escaped; `{{{content}}}` is only ever
/// another of these, rendered). Every page is the layout around one of them.
enum ConsoleTemplates {
    static let layout = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>{{title}} · Roam console</title>
        <link rel="stylesheet" href="/console/console.css"><script src="/console/console.js" defer></script>
        </head><body>
        {{#signedIn}}
        <header><nav aria-label="Console">
        <a href="/console" data-key="q">Reports <kbd>q</kbd></a>
        <a href="/console/users" data-key="u">Users <kbd>u</kbd></a>
        <a href="/console/content" data-key="c">Content <kbd>c</kbd></a>
        <a href="/console/events" data-key="e">Events <kbd>e</kbd></a>
        {{#isAdmin}}<a href="/console/audit" data-key="a">Audit <kbd>a</kbd></a>
        <a href="/console/erasures" data-key="r">Erasures <kbd>r</kbd></a>{{/isAdmin}}
        <a href="/console/health" data-key="h">Health <kbd>h</kbd></a>
        <form method="post" action="/console/sign-out" class="inline"><input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Sign out {{who}}</button></form>
        </nav></header>
        {{/signedIn}}
        <main>
        <h1>{{title}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        {{{content}}}
        </main>
        {{#signedIn}}<footer><kbd>j</kbd>/<kbd>k</kbd> move through a list, <kbd>Enter</kbd> opens, <kbd>/</kbd> searches.</footer>{{/signedIn}}
        </body></html>
        """

    static let signIn = """
        <form method="post" action="/console/sign-in" class="stacked">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label>Username or email <input name="identifier" autocomplete="username" value="{{identifier}}" required autofocus></label>
        <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
        <button type="submit">Sign in</button>
        </form>
        """

    static let queue = """
        <form method="get" action="/console" class="filters">
        <label>Status <select name="status">{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select></label>
        <label>Kind <select name="kind">{{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/kinds}}</select></label>
        <button type="submit">Show</button>
        </form>
        {{#hasCases}}
        <table class="list"><thead><tr><th>Reported</th><th>Kind</th><th>Content</th><th>Reports</th><th>Reasons</th><th>Status</th></tr></thead><tbody>
        {{#cases}}<tr data-row><td><a href="/console/cases/{{id}}">{{firstReported}}</a></td><td>{{kind}}</td><td>{{summary}}</td>
        <td class="number">{{count}}</td><td>{{reasons}}</td><td>{{status}}</td></tr>{{/cases}}
        </tbody></table>
        {{/hasCases}}
        {{^hasCases}}<p>No cases here.</p>{{/hasCases}}
        {{#next}}<p><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        """

    static let content = """
        <dl class="content">
        <dt>Kind</dt><dd>{{kind}}</dd>
        {{#authorID}}<dt>Author</dt><dd><a href="/console/users/{{authorID}}">{{authorID}}</a></dd>{{/authorID}}
        {{#title}}<dt>Title</dt><dd>{{title}}</dd>{{/title}}
        {{#text}}<dt>Text</dt><dd class="text">{{text}}</dd>{{/text}}
        {{#place}}<dt>Place</dt><dd>{{place}}</dd>{{/place}}
        {{#mediaCount}}<dt>Media</dt><dd>{{mediaCount}} item(s)</dd>{{/mediaCount}}
        {{#created}}<dt>Created</dt><dd>{{created}}</dd>{{/created}}
        {{#takedown}}<dt>Taken down</dt><dd class="takedown">{{at}} by {{by}}: {{reason}}</dd>{{/takedown}}
        </dl>
        """

    static let `case` = """
        <p>{{kind}} <code>{{subjectID}}</code> · {{count}} report(s) · first {{firstReported}} · last {{lastReported}} · <strong>{{status}}</strong>
        · <a href="/console/content/{{kind}}/{{subjectID}}">the content now</a></p>
        <h2>As first reported</h2>
        {{{snapshot}}}
        <h2>Now</h2>
        {{#hasCurrent}}{{{current}}}{{/hasCurrent}}{{^hasCurrent}}<p>Deleted by its author.</p>{{/hasCurrent}}
        <h2>Reports</h2>
        <table class="list"><thead><tr><th>When</th><th>Reporter</th><th>Reason</th><th>Text</th></tr></thead><tbody>
        {{#reports}}<tr data-row><td>{{at}}</td><td><a href="/console/users/{{reporterID}}">{{reporterID}}</a></td><td>{{reason}}</td><td>{{text}}</td></tr>{{/reports}}
        </tbody></table>
        {{#resolution}}<h2>Resolved</h2><p><strong>{{action}}</strong> by {{by}} at {{at}}{{#note}}: {{note}}{{/note}}</p>{{/resolution}}
        {{#open}}
        <h2>Resolve</h2>
        <form method="post" action="/console/cases/{{id}}/resolve" class="stacked">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <fieldset><legend>Action</legend>
        <label><input type="radio" name="action" value="dismiss" required> Dismiss: nothing is wrong</label>
        <label><input type="radio" name="action" value="take_down"> Take the content down</label>
        {{#hasAuthor}}<label><input type="radio" name="action" value="suspend"> Suspend its author</label>
        <label><input type="radio" name="action" value="take_down_and_suspend"> Take it down and suspend its author</label>{{/hasAuthor}}
        </fieldset>
        <label>Reason (told to the author) <textarea name="note" maxlength="500" rows="3"></textarea></label>
        {{#hasAuthor}}<label>Suspend for <select name="for">{{#lengths}}<option value="{{value}}">{{label}}</option>{{/lengths}}</select></label>{{/hasAuthor}}
        <button type="submit">Resolve</button>
        </form>
        {{/open}}
        """

    static let users = """
        <form method="get" action="/console/users" class="filters" role="search">
        <label>Find <input name="q" value="{{query}}" placeholder="username, name, email or id" data-search autofocus></label>
        <button type="submit">Find</button>
        </form>
        {{#searched}}{{^hasAccounts}}<p>No account matches.</p>{{/hasAccounts}}{{/searched}}
        {{#hasAccounts}}
        <table class="list"><thead><tr><th>Username</th><th>Name</th><th>Email</th><th>Roles</th><th>Since</th><th>State</th></tr></thead><tbody>
        {{#accounts}}<tr data-row><td><a href="/console/users/{{id}}">@{{username}}</a></td><td>{{displayName}}</td><td>{{email}}</td>
        <td>{{roles}}</td><td>{{created}}</td><td>{{state}}</td></tr>{{/accounts}}
        </tbody></table>
        {{/hasAccounts}}
        {{#next}}<p><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        """

    static let user = """
        <dl class="content">
        <dt>Username</dt><dd>@{{username}}</dd>
        <dt>Name</dt><dd>{{displayName}}</dd>
        <dt>Id</dt><dd><code>{{id}}</code></dd>
        <dt>Email</dt><dd>{{email}}{{#emailVerified}} (verified){{/emailVerified}}</dd>
        <dt>Member since</dt><dd>{{created}}</dd>
        <dt>Roles</dt><dd>{{roles}}</dd>
        <dt>Followers</dt><dd>{{followers}}</dd>
        <dt>Following</dt><dd>{{following}}</dd>
        <dt>State</dt><dd>{{state}}</dd>
        </dl>
        {{#suspension}}
        <h2>Suspended</h2>
        <p>Since {{at}} {{#until}}until {{until}}{{/until}}{{^until}}until lifted{{/until}}, by {{by}}: {{reason}}</p>
        <form method="post" action="/console/users/{{id}}/unsuspend"><input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Lift the suspension</button></form>
        {{/suspension}}
        {{^suspension}}
        <h2>Suspend</h2>
        <form method="post" action="/console/users/{{id}}/suspend" class="stacked"><input type="hidden" name="csrf" value="{{csrf}}">
        <label>Reason (told to them) <textarea name="reason" maxlength="500" rows="3" required></textarea></label>
        <label>For <select name="for">{{#lengths}}<option value="{{value}}">{{label}}</option>{{/lengths}}</select></label>
        <button type="submit">Suspend @{{username}}</button>
        </form>
        {{/suspension}}
        <h2>Sessions</h2>
        {{^hasSessions}}<p>No live session.</p>{{/hasSessions}}
        {{#hasSessions}}
        <table class="list"><thead><tr><th>Device</th><th>Signed in</th><th>Last used</th></tr></thead><tbody>
        {{#sessions}}<tr data-row><td>{{device}}</td><td>{{created}}</td><td>{{lastUsed}}</td></tr>{{/sessions}}
        </tbody></table>
        {{/hasSessions}}
        {{#isAdmin}}<p><a href="/console/audit?subject={{id}}">What moderators did to this account</a></p>{{/isAdmin}}
        """

    static let contentPage = """
        <form method="get" action="/console/content" class="filters">
        <label>Kind <select name="kind">{{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/kinds}}</select></label>
        <label>Id <input name="id" value="{{subjectID}}" data-search></label>
        <button type="submit">Look up</button>
        </form>
        {{#hasFound}}
        {{{found}}}
        {{#down}}
        <form method="post" action="/console/content/{{kind}}/{{subjectID}}/restore"><input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">Restore</button></form>
        {{/down}}
        {{^down}}
        <form method="post" action="/console/content/{{kind}}/{{subjectID}}/take-down" class="stacked"><input type="hidden" name="csrf" value="{{csrf}}">
        <label>Reason (told to the author) <textarea name="reason" maxlength="500" rows="3" required></textarea></label>
        <button type="submit">Take down</button>
        </form>
        {{/down}}
        {{/hasFound}}
        """

    static let audit = """
        <form method="get" action="/console/audit" class="filters">
        <label>Actor <input name="actor" value="{{actor}}" placeholder="user:… or operator:…"></label>
        <label>Subject id <input name="subject" value="{{subject}}"></label>
        <button type="submit">Show</button>
        </form>
        {{^hasEntries}}<p>Nothing recorded.</p>{{/hasEntries}}
        {{#hasEntries}}
        <table class="list"><thead><tr><th>When</th><th>Who</th><th>Action</th><th>Subject</th><th>Why</th><th>Change</th></tr></thead><tbody>
        {{#entries}}<tr data-row><td>{{at}}</td><td>{{actor}}</td><td>{{action}}</td><td>{{kind}} <code>{{subjectID}}</code></td><td>{{reason}}</td>
        <td><details><summary>before / after</summary><pre>{{before}}</pre><pre>{{after}}</pre></details></td></tr>{{/entries}}
        </tbody></table>
        {{/hasEntries}}
        {{#next}}<p><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        """

    static let health = """
        <p>The gateway is <strong>{{status}}</strong>.</p>
        <table class="list"><thead><tr><th>Part</th><th>Status</th><th>Reason</th></tr></thead><tbody>
        {{#parts}}<tr data-row><td>{{name}}</td><td class="{{status}}">{{status}}</td><td>{{reason}}</td></tr>{{/parts}}
        </tbody></table>
        """

    static let erasures = """
        <p>Each erasure (an account deleted, an event ended, a trip deleted) and which services confirmed they forgot it.</p>
        <form method="get" action="/console/erasures" class="filters">
        <label>What <select name="topic">{{#topics}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/topics}}</select></label>
        <label>Id <input name="subject" value="{{subject}}" data-search></label>
        <button type="submit">Show</button>
        </form>
        {{^hasPurges}}<p>Nothing erased.</p>{{/hasPurges}}
        {{#hasPurges}}
        <table class="list"><thead><tr><th>Announced</th><th>Id</th><th>State</th><th>Receipts</th><th>Rounds</th></tr></thead><tbody>
        {{#purges}}<tr data-row><td>{{announced}}</td><td><code>{{subjectID}}</code></td><td class="{{stateClass}}">{{state}}</td>
        <td>{{#receipts}}{{service}}: {{acknowledged}}<br>{{/receipts}}</td><td class="number">{{attempts}}</td></tr>{{/purges}}
        </tbody></table>
        {{/hasPurges}}
        """

    static let events = """
        <p>The events live now, most recently started first. Hosts handle their members' reports; here every report and ban of each is readable.</p>
        {{^hasEvents}}<p>No event is live.</p>{{/hasEvents}}
        {{#hasEvents}}
        <table class="list"><thead><tr><th>Event</th><th>Host</th><th>Started</th><th>Ends</th><th>Members</th><th>Reports</th><th>Bans</th></tr></thead><tbody>
        {{#events}}<tr data-row><td><a href="/console/events/{{id}}">{{name}}</a>{{#private}} (private){{/private}}</td>
        <td><a href="/console/users/{{hostID}}">{{hostID}}</a></td><td>{{starts}}</td><td>{{ends}}</td>
        <td class="number">{{members}}/{{capacity}}</td><td class="number">{{reports}}</td><td class="number">{{bans}}</td></tr>{{/events}}
        </tbody></table>
        {{/hasEvents}}
        {{#next}}<p><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        """

    static let event = """
        <p>{{members}}/{{capacity}} members · {{starts}} to {{ends}} · <a href="/console/content/event/{{id}}">the event as content</a></p>
        <h2>Reports of members</h2>
        {{^hasReports}}<p>None.</p>{{/hasReports}}
        {{#hasReports}}
        <table class="list"><thead><tr><th>When</th><th>Reporter</th><th>Reported</th><th>Reason</th><th>Text</th></tr></thead><tbody>
        {{#reports}}<tr data-row><td>{{at}}</td><td><a href="/console/users/{{reporterID}}">{{reporterID}}</a></td>
        <td><a href="/console/users/{{targetID}}">{{targetID}}</a></td><td>{{reason}}</td><td>{{text}}</td></tr>{{/reports}}
        </tbody></table>
        {{/hasReports}}
        <h2>Bans</h2>
        {{^hasBans}}<p>None.</p>{{/hasBans}}
        {{#hasBans}}
        <table class="list"><thead><tr><th>When</th><th>Banned</th><th>By</th></tr></thead><tbody>
        {{#bans}}<tr data-row><td>{{at}}</td><td><a href="/console/users/{{userID}}">{{userID}}</a></td><td>{{by}}</td></tr>{{/bans}}
        </tbody></table>
        {{/hasBans}}
        """

    static let message = """
        {{#paragraphs}}<p>{{.}}</p>{{/paragraphs}}
        """
}
