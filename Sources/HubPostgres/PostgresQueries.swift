import HubCore
import PostgresNIO

/// The SQL of the store's calls (the schema's is in ``PostgresSchema``).
enum PostgresQueries {
    /// The value of `key`: one row (json, version), or none.
    static func get(_ key: StoreKey) -> PostgresQuery {
        """
        SELECT json, version FROM hub_store
        WHERE namespace = \(key.namespace) AND name = \(key.name) AND json IS NOT NULL
        """
    }

    /// Names of `namespace` starting with `prefix`, after `after`, in byte order (the column's
    /// collation is "C"), at most `limit`. The prefix is a range of the primary key: from the
    /// prefix itself to the least string past every string it starts (see
    /// ``StoreKey/end(ofPrefix:)``), exact whatever characters it holds (`%`, `_`, `\`, any Unicode).
    static func list(namespace: String, prefix: String, after: String?, limit: Int) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(namespace)
        var sql = "SELECT name FROM hub_store WHERE namespace = $1 AND json IS NOT NULL"
        if !prefix.isEmpty {
            binds.append(prefix)
            sql += " AND name >= $\(binds.count) COLLATE \"C\""
            if let end = StoreKey.end(ofPrefix: prefix) {
                binds.append(end)
                sql += " AND name < $\(binds.count) COLLATE \"C\""
            }
        }
        if let after {
            binds.append(PostgresKeyRange.withoutNUL(after))
            sql += " AND name > $\(binds.count) COLLATE \"C\""
        }
        binds.append(Int64(max(0, limit)))
        sql += " ORDER BY name LIMIT $\(binds.count)"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Applies `write` (see `hub_store_write` in ``PostgresSchema``): one row, one of
    /// `changed`, `unchanged`, `conflict`, `too many keys`.
    static func write(_ write: StoreWrite, token: String) -> PostgresQuery {
        let expected: Int64?
        let check: Bool
        switch write.condition {
        case .always:
            (check, expected) = (false, nil)
        case .version(let version):
            (check, expected) = (true, version)
        }
        let maxKeys = Int64(clamping: write.maxKeys)
        return """
            SELECT hub_store_write(\(write.key.namespace), \(write.key.name), \(write.json), \(check), \(expected), \(maxKeys), \(token))
            """
    }
}

/// Names as PostgreSQL can hold them.
enum PostgresKeyRange {
    /// `text` cut at its first NUL. A name (which holds no NUL) sorts after `text` exactly when
    /// it sorts after the cut text, and PostgreSQL's text cannot hold a NUL.
    static func withoutNUL(_ text: String) -> String {
        guard let index = text.utf8.firstIndex(of: 0) else { return text }
        return String(decoding: text.utf8[..<index], as: UTF8.self)
    }
}
