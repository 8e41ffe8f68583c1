extension DocumentChecker {
    /// Checks `{group: {name: value}}` and returns canonical values by dotted key.
    /// `complete` demands every setting this document's version already had (backups); profiles are partial.
    mutating func settings(_ value: JSONValue, at path: String, complete: Bool) -> [String: JSONValue] {
        guard case .object(let groups) = value else {
            fail(path, "expected an object of setting groups, found \(value.typeDescription)")
            return [:]
        }
        var resolved: [String: JSONValue] = [:]
        for groupName in groups.keys.sorted() {
            guard let group = SettingsGroup(rawValue: groupName) else {
                unknown(groupName, in: path, known: SettingsGroup.allCases.map(\.rawValue))
                continue
            }
            let groupPath = join(path, groupName)
            guard case .object(let members) = groups[groupName]! else {
                fail(groupPath, "expected an object of settings, found \(groups[groupName]!.typeDescription)")
                continue
            }
            let declared = SettingsRegistry.settings(in: group)
            for name in members.keys.sorted() {
                guard let setting = declared.first(where: { $0.name == name }) else {
                    unknown(name, in: groupPath, known: declared.map(\.name))
                    continue
                }
                // A profile is shared between people: a command in it would run on the machine of
                // whoever applies it. It is left out, said once; the rest of the profile stands.
                if kind == .profile && setting.runsCommand {
                    warn("\(join(groupPath, name)): skipped: it is a command Lector would run, and a profile never sets one "
                         + "(set it yourself with 'lector settings set \(setting.key) COMMAND')")
                    continue
                }
                // Nor a permission given to another program (an agent's right to change accounts).
                if kind == .profile && setting.grantsPermission {
                    warn("\(join(groupPath, name)): skipped: it gives another program a permission, and a profile never sets one "
                         + "(set it yourself with 'lector settings set \(setting.key) true')")
                    continue
                }
                do {
                    resolved[setting.key] = try setting.type.check(members[name]!)
                } catch {
                    rejectValue(at: join(groupPath, name), error.text)
                }
            }
        }
        if complete { requireEverySetting(in: groups, at: path) }
        return resolved
    }

    /// A newer minor version may add values to a setting (a new theme): skip with a warning, keep the current value.
    private mutating func rejectValue(at path: String, _ problem: String) {
        if tolerant {
            warn("\(path): skipped, keeping the current value; \(problem) (the file is format \(version), this Lector reads \(BackupFormat.current(for: kind)))")
        } else {
            fail(path, problem)
        }
    }

    private mutating func requireEverySetting(in groups: [String: JSONValue], at path: String) {
        for group in SettingsGroup.allCases {
            let expected = SettingsRegistry.settings(in: group).filter { $0.since <= version }
            guard !expected.isEmpty else { continue }
            guard let members = groups[group.rawValue]?.objectValue else {
                if groups[group.rawValue] == nil { fail(path, "missing group '\(group.rawValue)'") }
                continue
            }
            for setting in expected where members[setting.name] == nil {
                fail(join(path, group.rawValue), "missing setting '\(setting.name)'")
            }
        }
    }
}

extension DocumentChecker {
    /// A backup's `profiles` array: each element a whole profile document, checked by the same
    /// rules as a profile file, names unique.
    mutating func profiles(_ value: JSONValue, at path: String) -> [Profile] {
        var result: [Profile] = []
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            do {
                let (profile, skipped) = try ProfileReader.read(element.canonicalData(pretty: false))
                if result.contains(where: { $0.name == profile.name }) {
                    fail(join(itemPath, "name"), "a second profile named '\(profile.name)'")
                }
                result.append(profile)
                for warning in skipped { warn("\(itemPath): \(warning)") }
            } catch .invalid(_, let violations) {
                for violation in violations { fail(join(itemPath, violation.path), violation.problem) }
            } catch {
                fail(itemPath, error.message)
            }
        }
        return result
    }
}
