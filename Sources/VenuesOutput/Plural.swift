/// Counted nouns in user-facing text: `1 venue`, `2 venues`, `0 venues`.
public enum Plural {
    /// `count` and the noun, singular for exactly one; `plural` defaults to `singular + "s"`.
    public static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
