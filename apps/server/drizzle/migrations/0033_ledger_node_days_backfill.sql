-- Issue 10: the node rollup of the ledger days already posted (`post` keeps it from now on): each
-- agent's day rows added to every node of its chain (agent_ancestry, the agent itself included).
INSERT INTO "ledger_node_days" ("node_id", "day", "kind", "entry_count", "available_fen", "frozen_fen",
  "available_in_fen", "available_out_fen")
SELECT x."ancestor_id", d."day", d."kind", sum(d."entry_count")::int, sum(d."available_fen"),
  sum(d."frozen_fen"), sum(d."available_in_fen"), sum(d."available_out_fen")
FROM "ledger_agent_days" d
JOIN "agent_ancestry" x ON x."descendant_id" = d."agent_id"
GROUP BY x."ancestor_id", d."day", d."kind";
