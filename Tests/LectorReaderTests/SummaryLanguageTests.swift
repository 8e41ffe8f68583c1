import Testing
@testable import LectorReader

@Suite("Summary language detection")
struct SummaryLanguageTests {
    static let samples: [(code: String, text: String)] = [
        ("en", englishSample),
        ("de", """
            Der Stadtrat hat am Dienstag beschlossen, die Radwege entlang des Flusses zu verlängern. Die meisten \
            Mitglieder sagten, dass die neuen Wege die Straßen für Kinder sicherer machen würden, und die Arbeiten \
            sollen im Frühjahr beginnen. Kritiker meinten, der Plan sei zu teuer und werde überstürzt.
            """),
        ("fr", """
            Le conseil municipal a voté mardi pour prolonger les pistes cyclables le long de la rivière. La plupart \
            des membres ont dit que les nouvelles pistes rendraient les rues plus sûres pour les enfants, et les \
            travaux devraient commencer au printemps. Les critiques estiment que le projet est trop cher.
            """),
        ("es", """
            El ayuntamiento votó el martes para ampliar los carriles bici a lo largo del río. La mayoría de los \
            miembros dijeron que los nuevos carriles harían las calles más seguras para los niños, y se espera que \
            las obras comiencen en la primavera. Los críticos dicen que el plan es demasiado caro.
            """),
        ("nl", """
            De gemeenteraad heeft dinsdag besloten om de fietspaden langs de rivier te verlengen. De meeste leden \
            zeiden dat de nieuwe paden de straten veiliger zouden maken voor kinderen, en het werk zal naar \
            verwachting in het voorjaar beginnen. Critici vinden het plan te duur en te snel.
            """),
        ("it", """
            Il consiglio comunale ha votato martedì per estendere le piste ciclabili lungo il fiume. La maggior parte \
            dei membri ha detto che le nuove piste renderanno le strade più sicure per i bambini, e i lavori \
            dovrebbero iniziare in primavera. I critici sostengono che il piano è troppo costoso.
            """),
        ("pt", """
            A câmara municipal votou na terça-feira para ampliar as ciclovias ao longo do rio. A maioria dos membros \
            disse que as novas ciclovias tornariam as ruas mais seguras para as crianças, e as obras devem começar \
            na primavera. Os críticos dizem que o plano é muito caro e que foi feito com pressa.
            """),
        ("sv", """
            Kommunfullmäktige röstade på tisdagen för att förlänga cykelbanorna längs floden. De flesta ledamöterna \
            sa att de nya banorna skulle göra gatorna säkrare för barn, och arbetet väntas börja under våren. \
            Kritiker menar att planen är för dyr och att den har forcerats fram.
            """),
        ("pl", """
            Rada miasta zagłosowała we wtorek za przedłużeniem ścieżek rowerowych wzdłuż rzeki. Większość radnych \
            powiedziała, że nowe ścieżki sprawią, że ulice będą bezpieczniejsze dla dzieci, a prace mają się \
            rozpocząć wiosną. Krytycy twierdzą, że plan jest zbyt drogi i że został przygotowany w pośpiechu.
            """),
        ("ru", "Городской совет во вторник проголосовал за продление велосипедных дорожек вдоль реки."),
        ("ja", "市議会は火曜日、川沿いの自転車道を延長することを決めました。工事は春に始まる予定です。"),
        ("zh", "市议会周二投票决定延长沿河的自行车道。大多数议员表示，新车道将使街道对儿童更安全。"),
    ]

    @Test("each sample text is detected as its language")
    func samplesDetected() {
        for sample in Self.samples {
            let detected = LanguageDetector.language(of: sample.text)
            #expect(detected.code == sample.code, "\(sample.code) sample detected as \(detected.code)")
        }
    }

    @Test("detection beats a wrong declared language")
    func detectionWins() {
        let language = LanguageDetector.language(of: Self.samples[1].text, declared: "en-US")
        #expect(language == ArticleLanguage(code: "de", name: "German"), "got \(language)")
    }

    @Test("too little text falls back to the declared language, then English")
    func fallbacks() {
        #expect(LanguageDetector.language(of: "OK!", declared: "fr-FR").code == "fr", "declared fr-FR is used")
        #expect(LanguageDetector.language(of: "OK!", declared: "pt_BR").name == "Portuguese", "pt_BR is Portuguese")
        #expect(LanguageDetector.language(of: "OK!", declared: "") == .english, "an empty tag falls back to English")
        #expect(LanguageDetector.language(of: "12 345") == .english, "no words falls back to English")
    }

    @Test("a declared tag outside the name table keeps its code")
    func unknownDeclared() {
        let language = ArticleLanguage(declared: "eo")
        #expect(language?.code == "eo" && language?.name == "eo", "got \(String(describing: language))")
        #expect(ArticleLanguage(declared: "not a tag") == nil, "a malformed tag is ignored")
    }
}
