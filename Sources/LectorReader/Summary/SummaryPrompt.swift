/// The two texts sent to the model: a system instruction fixing the language, and the user prompt.
struct SummaryPrompt: Equatable {
    /// Fixes the output language (always sent, whatever the template says).
    let system: String
    /// The template with its placeholders filled; the article follows when the template has no {text}.
    let user: String

    init(request: SummaryRequest) {
        let language = request.language
        let values = ["title": request.title, "text": request.input, "language": language.name]
        let template = request.promptTemplate
        var user = Self.fill(template, with: values)
        if !template.contains("{text}") {
            let heading = request.title.isEmpty || template.contains("{title}") ? "" : "Title: \(request.title)\n\n"
            user += "\n\n\(heading)\(request.input)"
        }
        self.user = user
        self.system = "You summarise articles for a reader. Write the summary in \(language.name) "
            + "(language code \(language.code)), whatever language the instructions are in."
    }

    /// Replaces {title}, {text} and {language} in one pass, so braces inside the article stay as they are.
    static func fill(_ template: String, with values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
               let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
