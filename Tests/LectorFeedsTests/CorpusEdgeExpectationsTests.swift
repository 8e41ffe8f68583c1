import Foundation
import Testing
@testable import LectorFeeds

/// Hand-written answers for feedparser's edge cases (its `Expect` hints, restated for this model).
@Suite("feedparser edge cases: intended answers", .enabled(if: SharedCorpus.isAvailable, "shared corpus not found (set LECTOR_SHARED)"))
struct CorpusEdgeExpectationsTests {
    private func feed(_ file: String) -> ParsedFeed? {
        do {
            return try parseEdge(file)
        } catch {
            Issue.record("\(file) did not parse: \(error.message)")
            return nil
        }
    }

    private func item(_ file: String) -> FeedItem? {
        guard let f = feed(file) else { return nil }
        guard let first = f.items.first else {
            Issue.record("\(file) has no items")
            return nil
        }
        return first
    }

    // MARK: entities

    @Test("HTML named entities in undeclared XML resolve to characters", arguments: [
        ("entities/eacute.xml", "testing \u{e9} entity"),
        ("entities/nbsp.xml", "testing \u{a0} entity"),
        ("entities/hellip.xml", "testing \u{2026} entity"),
        ("entities/euro.xml", "testing \u{20ac} entity"),
        ("entities/mdash.xml", "testing \u{2014} entity"),
        ("entities/ldquo.xml", "testing \u{201c} entity"),
        ("entities/rsquo.xml", "testing \u{2019} entity"),
        ("entities/zwj.xml", "testing \u{200d} entity"),
        ("entities/160.xml", "testing \u{a0} entity"),
        ("entities/8217.xml", "testing \u{2019} entity"),
        ("entities/doesnotexist.xml", "testing &doesnotexist; entity"),
    ])
    func namedEntities(file: String, title: String) {
        #expect(feed(file)?.title == title, "\(file): feed title after entity resolution")
    }

    @Test("ampersands survive every escaping style in Atom titles", arguments: [
        ("amp01", "&#38;"), ("amp02", "&#x26;"), ("amp03", "&"), ("amp04", "&amp;"),
        ("amp05", "&#38;"), ("amp06", "&#x26;"), ("amp07", "&"), ("amp08", "&amp;"),
        ("amp09", "&#38;"), ("amp10", "&#x26;"), ("amp11", "&"), ("amp12", "&amp;"),
        ("amp50", "&#x26;"), ("amp51", "&"), ("amp52", "&amp;"),
        ("amp53", "<b>&#38;</b>"), ("amp54", "<b>&#x26;</b>"), ("amp55", "<b>&amp;</b>"),
        ("amp56", "<strong>&#38;</strong>"), ("amp57", "<strong>&#x26;</strong>"), ("amp58", "<strong>&amp;</strong>"),
        ("attr01", "<a title=\"&#38;\">&#38;</a>"), ("attr02", "<a title=\"&amp;\">&amp;</a>"),
    ])
    func ampersands(name: String, title: String) {
        #expect(item("wellformed/amp/\(name).xml")?.title == title, "\(name): entry title")
    }

    @Test("predefined entities in RSS titles", arguments: [
        ("wellformed/rss/channel_title_apos.xml", "Mark's title"),
        ("wellformed/rss/channel_title_gt.xml", "2 > 1"),
        ("wellformed/rss/channel_title_lt.xml", "1 < 2"),
        ("wellformed/xml/empty_xmlns_uri.xml", "empty"),
        ("wellformed/xml/xlink_ns_no_prefix.xml", "xlink"),
    ])
    func predefinedEntities(file: String, title: String) {
        #expect(feed(file)?.title == title, "\(file): feed title")
    }

    @Test("entity declared in the internal subset expands inside a guid")
    func entityInDoctype() {
        #expect(item("wellformed/rss/entity_in_doctype.xml")?.id == "tag:example.com,2006-05-04:/blog/",
                "the &id; entity from the DOCTYPE should expand")
    }

    @Test("&amp; in attribute values is decoded in links")
    func ampInAttribute() {
        #expect(feed("entities/attr_amp.xml")?.link == "http://domain/?a=1&b=2", "feed link keeps a single &")
        #expect(item("illformed/rss_item_link_corrupted_ampersands.xml")?.link == "http://link/get?a=1&b=2",
                "item link ampersands")
    }

    // MARK: dates

    @Test("dates from every element family", arguments: [
        ("wellformed/rss/item_pubDate.xml", 2004, 1, 1, 19, 48, 21, false),
        ("wellformed/rss/item_dc_date.xml", 2003, 12, 31, 10, 14, 55, false),
        ("wellformed/rss/item_dcterms_issued.xml", 2003, 12, 31, 10, 14, 55, false),
        ("wellformed/rss/item_dcterms_modified.xml", 2003, 12, 31, 10, 14, 55, true),
        ("wellformed/atom/entry_issued.xml", 2004, 1, 1, 19, 48, 21, false),
        ("wellformed/atom/entry_created_parsed.xml", 2003, 12, 31, 10, 14, 55, false),
        ("wellformed/atom/entry_modified_map_updated_parsed.xml", 2004, 1, 1, 19, 48, 21, true),
        ("wellformed/atom/entry_published_parsed_date_overwriting.xml", 2010, 1, 1, 19, 48, 21, false),
        ("wellformed/atom/entry_updated_parsed.xml", 2003, 12, 31, 10, 14, 55, true),
    ])
    func dates(file: String, y: Int, mo: Int, d: Int, h: Int, mi: Int, s: Int, isUpdated: Bool) {
        let i = item(file)
        let got = isUpdated ? i?.updated : i?.published
        #expect(got == utc(y, mo, d, h, mi, s), "\(file): \(isUpdated ? "updated" : "published") date")
    }

    // MARK: ids and links

    @Test("Atom ids are used verbatim, never normalised", arguments: [
        ("wellformed/atom10/entry_id_no_normalization_3.xml", "http://www.EXAMPLE.org/thing"),
        ("wellformed/atom10/entry_id_no_normalization_4.xml", "HTTP://www.example.org/thing"),
        ("wellformed/atom10/entry_id_no_normalization_6.xml", "http://www.example.com/%7ebob"),
        ("wellformed/atom10/entry_id_with_attributes.xml", "right"),
        ("wellformed/rss/item_guid_not_permalink_not_url.xml", "abc"),
        ("wellformed/rdf/rdf_item_rdf_about.xml", "http://example.org/1"),
    ])
    func verbatimIDs(file: String, id: String) {
        #expect(item(file)?.id == id, "\(file): id")
    }

    @Test("an id inside an unknown child element does not override the entry's own")
    func nodePrecedence() {
        let f = feed("wellformed/node_precedence/atom10_id.xml")
        #expect(f?.items.map(\.id) == ["Correct Value", "Correct Value"], "both entries keep their own id")
        let t = feed("wellformed/node_precedence/atom10_title.xml")
        #expect(t?.items.map(\.title) == ["Correct Value", "Correct Value"], "both entries keep their own title")
    }

    @Test("RSS guid is the link only when it is a permalink and no link exists")
    func guidAsLink() {
        #expect(item("wellformed/rss/item_guid_map_link.xml")?.link == "http://guid.example.com/", "permalink guid maps to link")
        #expect(item("wellformed/rss/item_guid_not_permalink.xml")?.link == nil, "isPermaLink=false guid is not a link")
        #expect(item("wellformed/rss/item_guid_isPermaLink_conflict_link.xml")?.link == "http://link.example.com/",
                "an explicit link wins over the guid")
    }

    @Test("Atom links: no rel means alternate, and the alternate wins over enclosures")
    func atomLinkPriority() {
        let f = feed("wellformed/atom10/entry_link_no_href_link_priority.xml")
        #expect(f?.items.map(\.link) == ["http://www.example.com/alternate", "http://www.example.com/alternate"],
                "the alternate link is the article link regardless of order")
        #expect(item("wellformed/atom10/entry_link_alternate_map_link_3.xml")?.link == "http://www.example.com/alternate",
                "an untyped alternate is still the article link")
    }

    @Test("Atom rel=enclosure becomes an enclosure with type and length")
    func atomEnclosure() {
        let e = item("wellformed/atom10/entry_link_rel_enclosure_map_enclosure_length.xml")?.enclosures.first
        #expect(e?.url == "http://www.example.com/movie.mp4", "enclosure url")
        #expect(e?.length == 42301, "enclosure length")
        #expect(e?.type == "video/mpeg4", "enclosure type")
    }

    @Test("several RSS enclosures are all kept")
    func multipleEnclosures() {
        let e = item("wellformed/rss/item_enclosure_multiple.xml")?.enclosures ?? []
        #expect(e.count == 2, "two enclosures")
        #expect(e.last == FeedEnclosure(url: "http://example.com/2", type: "image/gif", length: 200000), "second enclosure")
    }

    // MARK: xml:base

    @Test("xml:base: innermost wins, relative bases resolve against the outer one, HTML hrefs are rewritten", arguments: [
        "wellformed/base/entry_title_xml_base.xml",
        "wellformed/base/entry_title_xml_base_inherit.xml",
        "wellformed/base/entry_title_xml_base_inherit_2.xml",
        "wellformed/base/relative_xml_base.xml",
        "wellformed/base/relative_xml_base_2.xml",
    ])
    func xmlBaseTitles(file: String) {
        #expect(item(file)?.title == "Example <a href=\"http://example.com/test/test.html\">test</a>", "\(file): resolved href")
    }

    @Test("xml:base on feed titles and entry content/summary")
    func xmlBaseContent() {
        let expected = "Example <a href=\"http://example.com/test/test.html\">test</a>"
        #expect(feed("wellformed/atom10/relative_uri_inherit_2.xml")?.title == expected, "feed title, overriding base")
        #expect(item("wellformed/base/entry_content_xml_base_inherit_2.xml")?.content == expected, "entry content")
        #expect(item("wellformed/base/entry_summary_xml_base_inherit.xml")?.summary == expected, "entry summary")
    }

    @Test("unsafe and malformed xml:base values fall back sensibly")
    func badBases() {
        #expect(item("wellformed/base/unsafe_base.xml")?.title == "Example <a href=\"http://example.com/test.html\">test</a>",
                "javascript: base is ignored in favour of the outer base")
        #expect(item("wellformed/base/malformed_base.xml")?.title == "Example <a href=\"http://example.com/test/test.html\">test</a>",
                "http:/// typo is repaired")
    }

    @Test("relative href with a raw non-ASCII character resolves and stays readable")
    func iriHref() {
        #expect(item("wellformed/base/rel_uri_with_unicode_character.xml")?.content == "<a href=\"http://any.test/\u{c0}\">uri</a>",
                "IRI href resolved against xml:base")
    }

    // MARK: content

    @Test("Atom text constructs by type", arguments: [
        ("wellformed/atom10/entry_content_escaped_markup.xml", "Example <b>Atom</b>"),
        ("wellformed/atom10/entry_content_inline_markup.xml", "Example <b>Atom</b>"),
        ("wellformed/atom10/entry_content_inline_markup_2.xml", "History of the &lt;blink&gt; tag"),
        ("wellformed/atom10/entry_content_text_plain_brackets.xml", "History of the <blink> tag"),
        ("wellformed/atom10/entry_content_base64.xml", "Example <b>Atom</b>"),
        ("wellformed/atom10/entry_content_div_escaped_markup.xml", "Example <b>Atom</b>"),
        ("wellformed/atom10/entry_content_application_xml.xml", "Example <b>Atom</b>"),
    ])
    func atomContent(file: String, content: String) {
        #expect(item(file)?.content == content, "\(file): content value")
    }

    @Test("RSS description and content:encoded variants")
    func rssContent() {
        #expect(item("wellformed/rss/item_content_encoded.xml")?.content == "<p>Example content</p>", "content:encoded")
        #expect(item("wellformed/rss/item_description_escaped_markup.xml")?.summary == "<p>Example description</p>", "escaped HTML")
        #expect(item("wellformed/rss/item_description_naked_markup.xml")?.summary == "<p>Example description</p>", "naked markup")
        #expect(item("wellformed/rss/item_description_code_br.xml")?.summary == "<code>&lt;br /></code>", "escaped text inside naked markup")
        #expect(item("wellformed/rss/item_xhtml_body.xml")?.content == "<p>Example content</p>", "xhtml:body")
    }

    // MARK: namespaces, authors, formats

    @Test("local-name clashes in foreign namespaces do not win", arguments: [
        "wellformed/namespace/rss1.0withModulesNoDefNSLocalNameClash.xml",
        "wellformed/namespace/rss2.0NSwithModulesNoDefNSLocalNameClash.xml",
        "wellformed/namespace/rss2.0noNSwithModulesLocalNameClash.xml",
    ])
    func localNameClash(file: String) {
        #expect(item(file)?.summary == "correct description", "\(file): description from the RSS namespace")
    }

    @Test("authors from every source")
    func authors() {
        #expect(item("wellformed/rss/item_multiple_dc_creator.xml")?.authors == ["First Author", "Second Author"], "dc:creator list")
        #expect(item("wellformed/rss/item_author_map_author_detail_name.xml")?.authors == ["Example editor"], "RSS author name (email)")
        #expect(item("wellformed/atom10/entry_authors_name.xml")?.authors == ["one", "two"], "Atom author names")
        #expect(item("wellformed/itunes/itunes_item_author_map_author.xml")?.authors == ["Mark Pilgrim"], "itunes:author, odd-case namespace")
    }

    @Test("versions map to the four formats", arguments: [
        ("wellformed/rss/rss_version_090.xml", FeedFormat.rdf),
        ("wellformed/rss/rss_version_091_netscape.xml", .rss),
        ("wellformed/rss/rss_version_20.xml", .rss),
        ("wellformed/rdf/rss_version_10_not_default_ns.xml", .rdf),
        ("wellformed/atom10/atom10_version.xml", .atom),
        ("wellformed/atom/atom_namespace_5.xml", .atom),
        ("wellformed/namespace/rss2.0withAtomNS.xml", .rss),
        ("json/example.json", .json),
    ])
    func formats(file: String, format: FeedFormat) {
        #expect(feed(file)?.format == format, "\(file): format")
    }

    // MARK: encodings

    @Test("UTF-16 and UTF-32, with and without BOM, decode", arguments: [
        "encoding/utf-16be-autodetect.xml", "encoding/utf-16le-bom.xml", "encoding/utf-16le.xml",
        "encoding/utf-32be-bom.xml", "encoding/utf-32le-autodetect.xml", "encoding/utf_32.xml", "encoding/u16.xml",
    ])
    func wideEncodings(file: String) {
        #expect(feed(file)?.format == .rss, "\(file) should decode to an RSS feed")
    }

    @Test("legacy encodings and windows-1252 mislabelling")
    func legacyEncodings() {
        #expect(feed("encoding/euc-kr.xml")?.title == "\u{b144}", "EUC-KR title")
        #expect(item("encoding/euc-kr-attribute.xml")?.summary == "<img alt=\"\u{b144}\" />", "EUC-KR in an attribute")
        #expect(item("encoding/demoronize-1.xml")?.summary == "don\u{2019}t", "windows-1252 quote in Latin-1/UTF-8 text")
        #expect(item("encoding/demoronize-2.xml")?.summary == "don\u{2019}t", "windows-1252 quote (declared Latin-1)")
    }

    @Test("ill-formed documents either parse leniently or throw a typed error")
    func illformed() {
        #expect(feed("illformed/always_strip_doctype.xml")?.title == "found", "a bogus DOCTYPE does not stop parsing")
        #expect(throws: FeedParseError.emptyDocument, "a document of only comments is empty") {
            try parseEdge("illformed/rss_empty_document.xml")
        }
        #expect(item("illformed/rdf_channel_empty_textinput.xml")?.title == "crashes here", "empty textinput does not confuse items")
    }
}
