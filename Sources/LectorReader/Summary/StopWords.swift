/// The most common function words of the languages `LanguageDetector` tells apart by vocabulary.
/// Words shared by several of them ("de", "a", "en") are kept: scores are compared, so shared
/// words cancel out while the distinctive ones decide.
enum StopWords {
    static let table: [(language: ArticleLanguage, words: Set<String>)] = [
        (ArticleLanguage(code: "en", name: "English"), [
            "the", "and", "of", "to", "a", "in", "is", "that", "it", "for", "was", "on", "are", "with",
            "as", "this", "be", "at", "by", "have", "from", "or", "an", "they", "which", "you", "were",
            "their", "has", "been", "would", "will", "there", "what", "about", "when", "can", "more",
            "not", "but", "its", "we", "he", "she", "his", "her",
        ]),
        (ArticleLanguage(code: "de", name: "German"), [
            "der", "die", "und", "in", "den", "von", "zu", "das", "mit", "sich", "des", "auf", "für",
            "ist", "im", "dem", "nicht", "ein", "eine", "als", "auch", "es", "an", "werden", "aus",
            "er", "hat", "dass", "sie", "nach", "wird", "bei", "einer", "um", "am", "sind", "noch",
            "wie", "einem", "über", "einen", "so", "zum", "war", "haben", "nur", "oder", "aber", "vor",
            "zur", "bis", "mehr", "durch", "man", "sein", "wurde", "ich", "wir",
        ]),
        (ArticleLanguage(code: "fr", name: "French"), [
            "le", "la", "les", "de", "des", "du", "et", "en", "un", "une", "est", "que", "qui", "dans",
            "pour", "pas", "au", "sur", "ne", "se", "plus", "par", "avec", "ce", "il", "elle", "sont",
            "aux", "ou", "mais", "nous", "vous", "ils", "leur", "cette", "été", "comme", "son", "sa",
            "ses", "être", "fait", "aussi", "très", "où", "l", "d", "qu",
        ]),
        (ArticleLanguage(code: "es", name: "Spanish"), [
            "el", "la", "de", "que", "y", "en", "los", "del", "se", "las", "por", "un", "para", "con",
            "no", "una", "su", "al", "es", "lo", "como", "más", "pero", "sus", "le", "ya", "o", "fue",
            "este", "ha", "sí", "porque", "esta", "son", "entre", "cuando", "muy", "sin", "sobre",
            "también", "me", "hasta", "hay", "donde", "desde", "todo", "nos", "durante", "uno", "ni",
        ]),
        (ArticleLanguage(code: "it", name: "Italian"), [
            "il", "di", "che", "e", "la", "per", "un", "in", "non", "una", "sono", "del", "della", "le",
            "si", "da", "con", "i", "gli", "al", "ha", "come", "anche", "più", "ma", "lo", "dei", "delle",
            "nel", "nella", "alla", "questo", "questa", "essere", "è", "stato", "tra", "se", "cui",
            "quando", "molto", "sua", "suo", "loro", "degli", "dalla", "sul", "l",
        ]),
        (ArticleLanguage(code: "pt", name: "Portuguese"), [
            "de", "a", "o", "que", "e", "do", "da", "em", "um", "para", "é", "com", "não", "uma", "os",
            "no", "se", "na", "por", "mais", "as", "dos", "como", "mas", "foi", "ao", "ele", "das",
            "tem", "à", "seu", "sua", "ou", "ser", "quando", "muito", "há", "nos", "já", "está", "eu",
            "também", "só", "pelo", "pela", "até", "isso", "ela", "entre", "era", "depois", "sem",
            "mesmo", "aos", "ter", "seus", "quem", "nas", "esse", "eles", "essa", "num", "nem", "suas",
            "são", "então", "ainda", "pode",
        ]),
        (ArticleLanguage(code: "nl", name: "Dutch"), [
            "de", "en", "van", "het", "een", "in", "is", "dat", "op", "te", "zijn", "voor", "met",
            "die", "niet", "aan", "er", "om", "ook", "als", "dan", "maar", "bij", "of", "uit", "nog",
            "naar", "wordt", "door", "over", "ze", "zich", "wel", "heeft", "hij", "kan", "tot", "was",
            "worden", "al", "meer", "deze", "geen", "hebben", "moet", "we", "wat", "werd", "ik", "haar",
        ]),
        (ArticleLanguage(code: "sv", name: "Swedish"), [
            "och", "i", "att", "det", "som", "en", "på", "är", "av", "för", "med", "till", "den", "har",
            "de", "inte", "om", "ett", "men", "var", "jag", "sig", "från", "vi", "så", "kan", "man",
            "när", "år", "säger", "hon", "under", "också", "efter", "eller", "nu", "sin", "där", "vid",
            "mot", "ska", "skulle", "kommer", "ut", "får", "finns", "vara", "hade", "alla", "andra",
        ]),
        (ArticleLanguage(code: "pl", name: "Polish"), [
            "i", "w", "się", "na", "nie", "z", "do", "to", "że", "jest", "o", "jak", "po", "ale", "co",
            "tak", "za", "od", "jego", "już", "tym", "przez", "czy", "tego", "być", "może", "są",
            "dla", "ich", "był", "było", "tylko", "ten", "jej", "oraz", "także", "ze", "przy", "które",
            "który", "która", "we", "pod", "tej", "bardzo", "gdy", "jako", "też",
        ]),
        (ArticleLanguage(code: "tr", name: "Turkish"), [
            "ve", "bir", "bu", "da", "de", "için", "ile", "çok", "olarak", "daha", "gibi", "en", "o",
            "ne", "kadar", "ama", "olan", "sonra", "var", "değil", "her", "mi", "ya", "veya", "ise",
            "şu", "göre", "bütün", "tüm", "ben", "biz", "onun", "oldu", "olduğu", "yok", "nasıl",
            "neden", "şey", "hem", "ki", "diye", "çünkü", "üzere", "önce", "yeni", "ancak",
        ]),
    ]
}
