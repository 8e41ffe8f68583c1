extension Schema {
    /// v16: a folder remembers whether Lector did not make it: one a sync learned from the
    /// server, or the folder a server files a feed subscribed without one in (its default,
    /// such as "Uncategorized"). On services without empty folders (GReader, Feedbin) an empty folder
    /// made here stays until a feed is filed in it; one Lector did not make goes, empty, once
    /// the server stops reporting it. Folders from before are kept as they were treated until now.
    static let folderOrigin = """
    ALTER TABLE folders ADD COLUMN from_server INTEGER NOT NULL DEFAULT 0 CHECK (from_server IN (0, 1));
    """
}
