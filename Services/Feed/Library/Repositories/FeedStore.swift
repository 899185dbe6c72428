/// Everything the feed keeps.
public typealias FeedStore = PostRepository & CommentRepository & EngagementRepository & ChatRepository & ReportRepository
    & StoryRepository & SaveRepository & PlaceFollowRepository & NoticeRepository
