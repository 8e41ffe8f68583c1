/// FreshRSS's user labels through the Google Reader API: `user/-/label/NAME` streams, listed in
/// `tag/list` as `type=tag`, put on and taken off entries with `edit-tag a=`/`r=`, renamed with
/// `rename-tag` and deleted with `disable-tag` (freshrss-admin 26–32).
extension GReaderProvider {
    public func labelledIDs(_ label: String, pages: ([String]) throws(SyncError) -> Void) throws(SyncError) {
        try forEachIDPage([("s", GReaderWire.labelID(label))], "the articles labelled '\(label)'", pages)
    }

    public func setLabel(_ label: String, on: Bool, _ entryIDs: [String]) throws(SyncError) {
        guard !entryIDs.isEmpty else { return }
        let fields = entryIDs.map { ("i", GReaderItemID.long($0)) } + [(on ? "a" : "r", GReaderWire.labelID(label))]
        try post("reader/api/0/edit-tag", fields, "labelling entries")
    }

    public func renameLabel(_ label: String, to name: String) throws(SyncError) {
        try post("reader/api/0/rename-tag", [("s", GReaderWire.labelID(label)), ("dest", GReaderWire.labelID(name))], "renaming the label")
    }

    public func deleteLabel(_ label: String) throws(SyncError) {
        try post("reader/api/0/disable-tag", [("s", GReaderWire.labelID(label))], "deleting the label")
    }
}
