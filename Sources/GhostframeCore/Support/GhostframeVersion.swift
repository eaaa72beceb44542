/// The version of this Ghostframe build; kept equal to the C header's GF_VERSION_* macros
/// (a test checks it).
public enum GhostframeVersion {
  /// The version as "MAJOR.MINOR.PATCH".
  public static let string: StaticString = "0.1.0"
  /// The major version.
  public static let major = 0
  /// The minor version.
  public static let minor = 1
  /// The patch version.
  public static let patch = 0
}
