/// The messages Roam sends, in one place: for each language, each kind's subject, plain text and HTML
/// (Mustache; `{{product}}`, `{{publicURL}}` and the mail's own fields, `{{link}}` among them). The HTML
/// is placed in `layout`. An operator overrides any of them with a file of the same name under
/// `MAIL_TEMPLATES_DIR` (`en/verifyEmail.subject.mustache`).
enum BuiltinMailTemplates {
    static let layout = """
        <!doctype html>
        <html lang="{{language}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>{{subject}}</title></head>
        <body style="margin:0;padding:24px;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
        <div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
        <p style="font-size:20px;font-weight:600;margin:0 0 24px">{{product}}</p>
        {{{content}}}
        </div>
        <p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#78716c">{{footer}}</p>
        </body></html>
        """

    static func button(_ label: String) -> String {
        """
        <p style="margin:24px 0"><a href="{{link}}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">\(label)</a></p>
        <p style="font-size:13px;color:#57534e">{{link}}</p>
        """
    }

    /// Language → template name (`verifyEmail.subject`) → template.
    static let templates: [String: [String: String]] = [
        "en": [
            "footer": "You get this mail because of an account at {{product}} ({{publicURL}}).",
            "verifyEmail.subject": "Confirm your address for {{product}}",
            "verifyEmail.text": """
            Hello {{username}},

            Confirm that this is your address by opening this link:
            {{{link}}}

            If you did not make an account at {{product}}, ignore this mail.
            """,
            "verifyEmail.html": "<p>Hello {{username}},</p><p>Confirm that this is your address.</p>\(button("Confirm my address"))"
                + "<p>If you did not make an account at {{product}}, ignore this mail.</p>",
            "resetPassword.subject": "Reset your {{product}} password",
            "resetPassword.text": """
            Hello {{username}},

            Someone asked to reset the password of your account. Choose a new one here:
            {{{link}}}

            The link works once, for one hour. If it was not you, ignore this mail: your password stays as it is.
            """,
            "resetPassword.html": "<p>Hello {{username}},</p><p>Someone asked to reset the password of your account.</p>"
                + button("Choose a new password")
                + "<p>The link works once, for one hour. If it was not you, ignore this mail: your password stays as it is.</p>",
            "changeEmail.subject": "Confirm your new address for {{product}}",
            "changeEmail.text": """
            The {{product}} account @{{username}} asks to use this address. If @{{username}} is your account,
            confirm it by opening this link:
            {{{link}}}

            Nothing changes until you do. If @{{username}} is not your account, do not open the link:
            ignore this mail, and this address stays out of it.
            """,
            "changeEmail.html": "<p>The {{product}} account <b>@{{username}}</b> asks to use this address.</p>"
                + "<p>If @{{username}} is your account, confirm it:</p>" + button("Use this address for @{{username}}")
                + "<p>Nothing changes until you do. If @{{username}} is not your account, do not open the link: ignore this mail.</p>",
            "emailChanged.subject": "Your {{product}} address was changed",
            "emailChanged.text": """
            Hello {{username}},

            Your {{product}} account @{{username}} now uses {{newEmail}}.

            If you did not ask for this, reset your password at once: {{{publicURL}}}
            """,
            "emailChanged.html": "<p>Hello {{username}},</p><p>Your {{product}} account @{{username}} now uses <b>{{newEmail}}</b>.</p>"
                + "<p>If you did not ask for this, reset your password at once.</p>",
            "emailInUse.subject": "Someone asked to use your address at {{product}}",
            "emailInUse.text": """
            Hello {{username}},

            The {{product}} account @{{requester}} asked to use this address. It is already the address of your
            account @{{username}}, so nothing changed.

            If @{{requester}} is also yours, sign in as @{{username}} instead. If not, there is nothing to do.
            """,
            "emailInUse.html": "<p>Hello {{username}},</p><p>The {{product}} account @{{requester}} asked to use this address. "
                + "It is already the address of your account <b>@{{username}}</b>, so nothing changed.</p>"
                + "<p>If @{{requester}} is also yours, sign in as @{{username}} instead. If not, there is nothing to do.</p>",
            "accountSuspended.subject": "Your {{product}} account is suspended",
            "accountSuspended.text": """
            Hello {{username}},

            A moderator suspended your {{product}} account @{{username}} {{#until}}until {{until}}{{/until}}{{^until}}until further notice{{/until}}.
            Reason: {{reason}}

            While it is suspended you cannot sign in, and what you have shared is hidden from others.
            """,
            "accountSuspended.html": "<p>Hello {{username}},</p><p>A moderator suspended your {{product}} account <b>@{{username}}</b> "
                + "{{#until}}until {{until}}{{/until}}{{^until}}until further notice{{/until}}.</p><p>Reason: {{reason}}</p>"
                + "<p>While it is suspended you cannot sign in, and what you have shared is hidden from others.</p>",
            "accountReinstated.subject": "Your {{product}} account is open again",
            "accountReinstated.text": """
            Hello {{username}},

            The suspension of your {{product}} account @{{username}} was lifted: you can sign in again, and what you
            shared is visible again.
            """,
            "accountReinstated.html": "<p>Hello {{username}},</p><p>The suspension of your {{product}} account <b>@{{username}}</b> "
                + "was lifted: you can sign in again, and what you shared is visible again.</p>",
        ],
        "sv": [
            "footer": "Du får det här brevet för att du har ett konto hos {{product}} ({{publicURL}}).",
            "verifyEmail.subject": "Bekräfta din adress hos {{product}}",
            "verifyEmail.text": """
            Hej {{username}},

            Bekräfta att det här är din adress genom att öppna länken:
            {{{link}}}

            Om du inte har skapat något konto hos {{product}} kan du strunta i det här brevet.
            """,
            "verifyEmail.html": "<p>Hej {{username}},</p><p>Bekräfta att det här är din adress.</p>\(button("Bekräfta min adress"))"
                + "<p>Om du inte har skapat något konto hos {{product}} kan du strunta i det här brevet.</p>",
            "resetPassword.subject": "Välj ett nytt lösenord för {{product}}",
            "resetPassword.text": """
            Hej {{username}},

            Någon har bett om att återställa lösenordet för ditt konto. Välj ett nytt här:
            {{{link}}}

            Länken fungerar en gång, i en timme. Var det inte du kan du strunta i brevet: lösenordet är oförändrat.
            """,
            "resetPassword.html": "<p>Hej {{username}},</p><p>Någon har bett om att återställa lösenordet för ditt konto.</p>"
                + button("Välj ett nytt lösenord")
                + "<p>Länken fungerar en gång, i en timme. Var det inte du kan du strunta i brevet: lösenordet är oförändrat.</p>",
            "changeEmail.subject": "Bekräfta din nya adress hos {{product}}",
            "changeEmail.text": """
            Kontot @{{username}} hos {{product}} vill använda den här adressen. Är @{{username}} ditt konto,
            bekräfta genom att öppna länken:
            {{{link}}}

            Inget ändras förrän du gör det. Är @{{username}} inte ditt konto, öppna inte länken: strunta i
            brevet, så hålls adressen utanför.
            """,
            "changeEmail.html": "<p>Kontot <b>@{{username}}</b> hos {{product}} vill använda den här adressen.</p>"
                + "<p>Är @{{username}} ditt konto, bekräfta:</p>" + button("Använd adressen för @{{username}}")
                + "<p>Inget ändras förrän du gör det. Är @{{username}} inte ditt konto, öppna inte länken: strunta i brevet.</p>",
            "emailChanged.subject": "Din adress hos {{product}} har ändrats",
            "emailChanged.text": """
            Hej {{username}},

            Ditt konto @{{username}} hos {{product}} använder nu {{newEmail}}.

            Bad du inte om det här? Återställ lösenordet genast: {{{publicURL}}}
            """,
            "emailChanged.html": "<p>Hej {{username}},</p><p>Ditt konto @{{username}} hos {{product}} använder nu <b>{{newEmail}}</b>.</p>"
                + "<p>Bad du inte om det här? Återställ lösenordet genast.</p>",
            "emailInUse.subject": "Någon vill använda din adress hos {{product}}",
            "emailInUse.text": """
            Hej {{username}},

            Kontot @{{requester}} hos {{product}} ville använda den här adressen. Den hör redan till ditt konto
            @{{username}}, så inget har ändrats.

            Är @{{requester}} också ditt, logga in som @{{username}} i stället. Annars behöver du inte göra något.
            """,
            "emailInUse.html": "<p>Hej {{username}},</p><p>Kontot @{{requester}} hos {{product}} ville använda den här adressen. "
                + "Den hör redan till ditt konto <b>@{{username}}</b>, så inget har ändrats.</p>"
                + "<p>Är @{{requester}} också ditt, logga in som @{{username}} i stället. Annars behöver du inte göra något.</p>",
            "accountSuspended.subject": "Ditt konto hos {{product}} är avstängt",
            "accountSuspended.text": """
            Hej {{username}},

            En moderator har stängt av ditt konto @{{username}} hos {{product}} {{#until}}till {{until}}{{/until}}{{^until}}tills vidare{{/until}}.
            Skäl: {{reason}}

            Medan kontot är avstängt kan du inte logga in, och det du har delat syns inte för andra.
            """,
            "accountSuspended.html": "<p>Hej {{username}},</p><p>En moderator har stängt av ditt konto <b>@{{username}}</b> hos {{product}} "
                + "{{#until}}till {{until}}{{/until}}{{^until}}tills vidare{{/until}}.</p><p>Skäl: {{reason}}</p>"
                + "<p>Medan kontot är avstängt kan du inte logga in, och det du har delat syns inte för andra.</p>",
            "accountReinstated.subject": "Ditt konto hos {{product}} är öppet igen",
            "accountReinstated.text": """
            Hej {{username}},

            Avstängningen av ditt konto @{{username}} hos {{product}} är hävd: du kan logga in igen, och det du har
            delat syns igen.
            """,
            "accountReinstated.html": "<p>Hej {{username}},</p><p>Avstängningen av ditt konto <b>@{{username}}</b> hos {{product}} "
                + "är hävd: du kan logga in igen, och det du har delat syns igen.</p>",
        ],
    ]
}
