import Testing

@testable import Feed

@Suite struct HashtagsTests {
    @Test func findsTagsLowercasedOnceInOrder() {
        #expect(Hashtags.find(in: "#Sunset at the #beach, #sunset again") == ["sunset", "beach"])
    }

    @Test func tagsMayBeInAnyScriptAndEndAtPunctuation() {
        #expect(Hashtags.find(in: "Fika! #kanelbulle_dag. #日本 #Ökö?") == ["kanelbulle_dag", "日本", "ökö"])
    }

    @Test func aHashInsideAWordNumbersAloneAndEmptyTagsAreNotTags() {
        #expect(Hashtags.find(in: "C#sharp issue#12 # ## #123 #a1") == ["a1"])
    }

    @Test func tagsLongerThanTheLimitAreIgnored() {
        let long = String(repeating: "a", count: Hashtags.maxLength + 1)
        #expect(Hashtags.find(in: "#\(long) #ok") == ["ok"])
    }
}
