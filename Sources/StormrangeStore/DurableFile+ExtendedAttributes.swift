import CExtendedAttributes

extension DurableFile {
  /// The extended attribute that holds a file's access ACL: the permissions given to other users and
  /// groups beyond the mode (`setfacl -m u:alice:r`).
  static let accessACL = Array("system.posix_acl_access".utf8)

  /// The namespace of the attributes users and their tools set (`setfattr -n user.tag`).
  private static let userNamespace = Array("user.".utf8)

  /// Copies the `user.*` extended attributes and the access ACL of the file at `path` onto the open
  /// file `descriptor` that replaces it, so that a rewrite keeps them as it keeps the mode and the
  /// owner: best effort, and a failure (a file system without them, a value too large) is ignored.
  /// Other namespaces are not the file's own (`security.*` is the system's label for the new file,
  /// `trusted.*` needs privileges). Call after `fchown` and `fchmod`: setting an access ACL sets the
  /// mode's group bits to the ACL's mask, and a later `fchmod` would change that mask.
  static func copyExtendedAttributes(from path: SystemPath, to descriptor: Int32) {
    for name in attributeNames(of: path)
    where name.starts(with: userNamespace) || name.elementsEqual(accessACL) {
      let cName = name.map { CChar(bitPattern: $0) } + [0]
      guard let value = attribute(cName, of: path) else { continue }
      if value.isEmpty {
        _ = fsetxattr(descriptor, cName, cName, 0, 0)  // any valid pointer: nothing is read from it
      } else {
        value.withUnsafeBytes { _ = fsetxattr(descriptor, cName, $0.baseAddress, $0.count, 0) }
      }
    }
  }

  /// The names of the extended attributes of the file at `path` itself (not a link's target); none
  /// when it has none or they cannot be listed.
  private static func attributeNames(of path: SystemPath) -> [ArraySlice<UInt8>] {
    let size = path.withCString { llistxattr($0, nil, 0) }
    guard size > 0 else { return [] }
    var list = [UInt8](repeating: 0, count: size)
    let length = path.withCString { name in
      list.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { llistxattr(name, $0.baseAddress, $0.count) }
      }
    }
    guard length > 0 else { return [] }  // changed in between (ERANGE): best effort
    return list[..<length].split(separator: 0)
  }

  /// The value of the extended attribute `name` (NUL-terminated) of the file at `path` itself.
  private static func attribute(_ name: [CChar], of path: SystemPath) -> [UInt8]? {
    let size = path.withCString { lgetxattr($0, name, nil, 0) }
    guard size >= 0 else { return nil }
    var value = [UInt8](repeating: 0, count: size)
    let length = path.withCString { file in
      value.withUnsafeMutableBytes { lgetxattr(file, name, $0.baseAddress, $0.count) }
    }
    guard length == size else { return nil }
    return value
  }
}
