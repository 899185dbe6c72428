/// Passwords that appear at the top of every breach list; refused whatever their length.
enum CommonPasswords {
    private static let list: Set<String> = [
        "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword",
        "12345678", "123456789", "1234567890", "0123456789", "87654321", "11111111", "00000000", "12341234",
        "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx",
        "iloveyou", "iloveyou1", "sunshine", "princess", "football", "baseball", "welcome1", "welcome123",
        "letmein1", "letmein123", "trustno1", "superman", "starwars", "whatever", "dragon12", "monkey123",
        "abc12345", "abcd1234", "abcdefgh", "aa123456", "asdfghjk", "asdfasdf", "changeme", "computer",
        "internet", "michael1", "jennifer", "jordan23", "liverpool", "chelsea1", "arsenal1", "charlie1",
        "shadow12", "master12", "mustang1", "access14", "freedom1", "qazwsxedc", "zxcvbnm1", "zxcvbnmm",
    ]

    static func contains(_ password: String) -> Bool {
        list.contains(password.lowercased())
    }
}
