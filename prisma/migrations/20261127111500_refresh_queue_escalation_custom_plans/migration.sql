-- refresh_queue_escalation's statements, cached per connection, switch after a few calls to a
-- generic plan (the ids unknown) that hashes every queue row: 30 to 70 times slower for a few
-- thousand ids (measured with the escalation refresh job at 100k items). Every caller (the
-- import, score-move, label and pairwise triggers, the refresh job) now gets a plan made for
-- its ids, as the queue rescore already does.
ALTER FUNCTION "refresh_queue_escalation"(integer[]) SET plan_cache_mode = force_custom_plan;
