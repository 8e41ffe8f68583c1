extension Schema {
    /// v11: the user's consent to sending a secret over plain http, kept with the account or feed.
    ///
    /// `--allow-insecure` used to be checked when the account or feed was added and then
    /// forgotten, so later requests could not tell consent from "the host was this machine then".
    /// The column holds the host the consent was given for (lower-case); NULL is no consent.
    static let plainHTTPConsent = """
    ALTER TABLE accounts ADD COLUMN plain_http_host TEXT;
    ALTER TABLE feeds ADD COLUMN plain_http_host TEXT;
    """
}
