import FoundationEssentials

/// Parses the date formats found in feeds: RFC 822/1123 (with common slop) and RFC 3339 / W3C-DTF.
///
/// Unparseable input yields nil (never "now"). A missing zone means UTC.
///
/// It works on the UTF-8 bytes in place, with no arrays or strings along the way: it runs once or
/// twice per article and its allocations showed in parse profiles.
public enum FeedDateParser {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Parses one date string as found in pubDate, dc:date, Atom updated/published or JSON dates.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(parse(utf8:))
    }

    private static func parse(utf8 text: Bytes) -> Date? {
        let bytes = trimmed(text)
        guard !bytes.isEmpty, bytes.count < 128 else { return nil }
        if bytes.count >= 4, bytes[0..<4].allSatisfy(isDigit) {
            if bytes.allSatisfy(isDigit), bytes.count >= 9, bytes.count <= 10 {
                var i = 0
                let epoch = number(bytes, &i, min: 9, max: 10)!
                return Date(timeIntervalSince1970: TimeInterval(epoch))   // bare epoch seconds
            }
            if let d = parseISO(bytes) { return d }
        }
        return parseRFC822(bytes) ?? parseISO(bytes)
    }

    // MARK: RFC 3339 / W3C-DTF

    private static func parseISO(_ b: Bytes) -> Date? {
        var i = 0
        guard let year = number(b, &i, min: 4, max: 4) else { return nil }
        var month: Int64 = 1, day: Int64 = 1
        if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "/") {   // "2020/1/10" is common in CN feeds
            let separator = b[i]
            i += 1
            guard let m = number(b, &i, min: 1, max: 2) else { return nil }
            month = m
            if i < b.count, b[i] == separator {
                i += 1
                guard let d = number(b, &i, min: 1, max: 2) else { return nil }
                day = d
            }
        } else if b.count >= 8, let m = number(b, &i, min: 2, max: 2), let d = number(b, &i, min: 2, max: 2) {
            month = m; day = d   // compact 20240601
        }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, fraction = 0.0
        var offset: Int64 = 0
        if i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") {
            while i < b.count, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") { i += 1 }
            guard let (h, m, s, f) = timeOfDay(b, &i) else { return nil }
            (hour, minute, second, fraction) = (h, m, s, f)
            while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
            if i < b.count {
                guard let z = zone(b, &i) else { return nil }
                offset = z
            }
        }
        while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
        guard i == b.count else { return nil }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                    fraction: fraction, offset: offset)
    }

    // MARK: RFC 822 and friends

    private static func parseRFC822(_ b: Bytes) -> Date? {
        var day: Int64?, month: Int64?, year: Int64?
        var monthIsTentative = false
        var time: (Int64, Int64, Int64, Double)?
        var offset: Int64?
        var tokens = DateTokens(b)
        while let t = tokens.next() {
            if isDigit(t[0]) && t.contains(UInt8(ascii: ":")) {
                guard time == nil else { return nil }
                var i = 0
                guard let tod = timeOfDay(t, &i) else { return nil }
                time = tod
                if i < t.count {   // "04:00:00+0000" glued together
                    guard let z = zone(t, &i), i == t.count else { return nil }
                    offset = z
                }
            } else if t.allSatisfy(isDigit) {
                let v = Int64(String(decoding: t, as: UTF8.self)) ?? -1
                if t.count <= 2 && day == nil {
                    day = v
                } else if year == nil {
                    year = t.count <= 2 ? (v < 50 ? 2000 + v : 1900 + v) : (t.count == 3 ? 1900 + v : v)
                } else {
                    return nil
                }
            } else if month == nil || monthIsTentative, let m = monthNumber(t) {
                // A month word before the day may really be a weekday ("mar." is Tuesday in French):
                // a later month word wins.
                monthIsTentative = month == nil && day == nil
                month = m
            } else if t[0] == UInt8(ascii: "(") {
                continue   // "(PDT)" comments
            } else if isAlpha(t[0]) && time == nil {
                continue   // weekday names, before the time
            } else {
                var i = 0
                guard offset == nil, let z = zone(t, &i), i == t.count else { return nil }
                offset = z
            }
        }
        guard let d = day, let m = month, let y = year else { return nil }
        let (h, mi, s, f) = time ?? (0, 0, 0, 0)
        return make(year: y, month: m, day: d, hour: h, minute: mi, second: s, fraction: f, offset: offset ?? 0)
    }

    // MARK: pieces

    private static func timeOfDay(_ b: Bytes, _ i: inout Int) -> (Int64, Int64, Int64, Double)? {
        guard let h = number(b, &i, min: 1, max: 2), i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        guard let m = number(b, &i, min: 2, max: 2) else { return nil }
        var s: Int64 = 0, f = 0.0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            i += 1
            guard let sec = number(b, &i, min: 2, max: 2) else { return nil }
            s = sec
            if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                while i < b.count, isDigit(b[i]) { f += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
            }
        }
        return (h, m, s, f)
    }

    /// A zone designator: Z, ±hh:mm, ±hhmm, ±hh, or a name (table below), optionally after "GMT"/"UTC".
    private static func zone(_ b: Bytes, _ i: inout Int) -> Int64? {
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign: Int64 = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            // Up to four digits, colons ignored: h, hh, hmm or hhmm.
            var value: Int64 = 0, count = 0
            while i < b.count, isDigit(b[i]) || b[i] == UInt8(ascii: ":") {
                if isDigit(b[i]) {
                    if count < 4 { value = value * 10 + Int64(b[i] - 48) }
                    count += 1
                }
                i += 1
            }
            let hours: Int64, minutes: Int64
            switch count {
            case 1, 2: hours = value; minutes = 0
            case 3, 4: hours = value / 100; minutes = value % 100
            default: return nil
            }
            guard hours <= 14, minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
        var j = i
        while j < b.count, isAlpha(b[j]) { j += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: b[i..<j]), as: UTF8.self).uppercased()
        guard let base = zoneNames[name] else { return nil }
        i = j
        if i < b.count, (name == "GMT" || name == "UTC" || name == "UT"), b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            return zone(b, &i)   // "GMT+02:00"
        }
        return base
    }

    /// Zone abbreviations, including the ones DateFormatter rejects (CET, BST, IST, JST, ...).
    static let zoneNames: [String: Int64] = {
        let hours: [String: Double] = [
            "Z": 0, "UT": 0, "UTC": 0, "GMT": 0, "WET": 0, "WEST": 1,
            "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
            "AST": -4, "ADT": -3, "AKST": -9, "AKDT": -8, "HST": -10, "NST": -3.5, "NDT": -2.5,
            "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "EET": 2, "EEST": 3, "BST": 1, "IST": 5.5,
            "MSK": 3, "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "PHT": 8, "AWST": 8, "ACST": 9.5,
            "ACDT": 10.5, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13, "ICT": 7, "WIB": 7,
        ]
        return hours.mapValues { Int64($0 * 3600) }
    }()

    private static let monthNames: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ].map { Array($0.utf8) }

    /// Month number for "Jun", "June", "jun.", "Sept"; byte comparisons only (this runs once per date).
    private static func monthNumber(_ t: Bytes) -> Int64? {
        let word = t.last == UInt8(ascii: ".") ? Bytes(rebasing: t.dropLast()) : t
        guard word.count >= 3 else { return nil }
        for (index, name) in monthNames.enumerated() {
            guard word.count <= name.count || (index == 8 && word.count == 4) else { continue }
            var matches = true
            for (k, c) in word.enumerated() {
                let lower = c | 0x20
                if k < name.count && lower == name[k] { continue }
                if index == 8 && k == 3 && lower == UInt8(ascii: "t") { continue }   // "Sept"
                matches = false
                break
            }
            if matches { return Int64(index + 1) }
        }
        return localizedMonths[String(decoding: word, as: UTF8.self).lowercased()]
    }

    /// Common non-English month names and abbreviations (German, French, Spanish, Italian, Dutch,
    /// Portuguese) that differ from the English prefixes.
    private static let localizedMonths: [String: Int64] = [
        "januar": 1, "janvier": 1, "janv": 1, "enero": 1, "ene": 1, "gennaio": 1, "gen": 1, "januari": 1, "janeiro": 1,
        "februar": 2, "février": 2, "févr": 2, "fevrier": 2, "febrero": 2, "febbraio": 2, "februari": 2, "fevereiro": 2, "fev": 2,
        "märz": 3, "mär": 3, "mrz": 3, "mars": 3, "marzo": 3, "maart": 3, "mrt": 3, "março": 3,
        "avril": 4, "avr": 4, "abril": 4, "abr": 4, "aprile": 4,
        "mai": 5, "mayo": 5, "maggio": 5, "mag": 5, "mei": 5, "maio": 5,
        "juni": 6, "juin": 6, "junio": 6, "giugno": 6, "giu": 6, "junho": 6,
        "juli": 7, "juillet": 7, "juil": 7, "julio": 7, "luglio": 7, "lug": 7, "julho": 7,
        "août": 8, "aout": 8, "agosto": 8, "ago": 8, "augustus": 8,
        "septembre": 9, "septiembre": 9, "settembre": 9, "set": 9, "setembro": 9,
        "oktober": 10, "okt": 10, "octobre": 10, "octubre": 10, "ottobre": 10, "ott": 10, "outubro": 10, "out": 10,
        "novembre": 11, "noviembre": 11, "novembro": 11,
        "dezember": 12, "dez": 12, "décembre": 12, "déc": 12, "decembre": 12, "diciembre": 12, "dic": 12, "dicembre": 12,
        "december": 12, "dezembro": 12,
    ]

    private static func make(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64,
                             fraction: Double, offset: Int64) -> Date? {
        guard year >= 1 && year <= 9999, month >= 1 && month <= 12,
              day >= 1 && day <= CivilCalendar.daysInMonth(year: year, month: month),
              hour <= 24, minute <= 59, second <= 60 else { return nil }
        if hour == 24 && (minute != 0 || second != 0) { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let secs = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: TimeInterval(secs) + fraction)
    }

    private static func number(_ b: Bytes, _ i: inout Int, min: Int, max: Int) -> Int64? {
        var v: Int64 = 0, n = 0
        while i < b.count, n < max, isDigit(b[i]) { v = v * 10 + Int64(b[i] - 48); i += 1; n += 1 }
        return n >= min ? v : nil
    }

    private static func trimmed(_ b: Bytes) -> Bytes {
        func isBlank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        var lo = 0, hi = b.count
        while hi > lo, isBlank(b[hi - 1]) { hi -= 1 }
        while lo < hi, isBlank(b[lo]) { lo += 1 }
        return Bytes(rebasing: b[lo..<hi])
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
}
