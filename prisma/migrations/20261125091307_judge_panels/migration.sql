-- A panel is a judge made of other judges: its scores (mean or median of the members'
-- overall scores) or labels (majority vote) are stored like any judge's, so every page,
-- report, threshold and export works on it unchanged. Its members and rule are in
-- judges.config.
ALTER TYPE "judge_kind" ADD VALUE 'panel';
