import LectorBasics
import Testing

@Suite("Natural order of names")
struct NaturalOrderTests {
    @Test("numbers in names sort by value, letters without regard to case, and the order is total")
    func numbersByValue() {
        let names = ["Feed 10", "feed 2", "Feed 1", "Feed 02", "Alpha", "Feed", "Feed 2b", "Feed 100", "zeta", "Beta 9"]
        let sorted = names.sorted { $0.precedesNaturally($1) }
        #expect(sorted == ["Alpha", "Beta 9", "Feed", "Feed 1", "Feed 02", "feed 2", "Feed 2b", "Feed 10", "Feed 100", "zeta"],
                "natural order gave \(sorted)")
        #expect("Feed 2".naturalComparison(with: "Feed 2") == 0, "a name equals itself")
        #expect("Feed 2".precedesNaturally("Feed 10") && !"Feed 10".precedesNaturally("Feed 2"), "2 comes before 10")
        #expect("99999999999999999999999 a".precedesNaturally("100000000000000000000000 a"), "digit runs longer than any integer still compare by value")
    }
}
