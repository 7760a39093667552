// The server's JSON as the page reads it: JSDoc typedefs only, nothing runs here.
// Each object typedef is one Rust struct of crates/server/src/wire/ (same name, same
// fields); the test wire/typedefs_match.rs compares the two field for field, so a field
// added on one side only fails it. Imported as import("./types.js").GameView.

/** @typedef {"black" | "white"} Color */
/** @typedef {"freestyle" | "standard" | "renju"} RuleName */
/** @typedef {"human" | "computer"} PlayerKind */
/** @typedef {"pvp" | "pvc" | "cvc"} Mode */
/** @typedef {"move" | "hint" | "analysis"} JobKind */
/** @typedef {"ongoing" | "won" | "draw" | "resigned" | "time" | "agreed"} GameStatus */
/** @typedef {"ongoing" | "black" | "white" | "draw"} GameResult */
/** @typedef {"overline" | "double-four" | "double-three"} ForbiddenKind */

/**
 * A point of the board: 0-based column and row (row 0 at the top) and its name ("h8").
 * @typedef {object} Point
 * @property {number} x
 * @property {number} y
 * @property {string} name
 */

/**
 * A stone placed before the first move.
 * @typedef {object} SetupStone
 * @property {number} x
 * @property {number} y
 * @property {string} name
 * @property {Color} color
 */

/**
 * A point black may not play, and why.
 * @typedef {object} ForbiddenPoint
 * @property {number} x
 * @property {number} y
 * @property {string} name
 * @property {ForbiddenKind} kind
 */

/**
 * Who plays each colour.
 * @typedef {object} PlayersView
 * @property {PlayerKind} black
 * @property {PlayerKind} white
 */

/**
 * A game's whole state (GET /api/games/{id}, every action's answer, the "state" event).
 * @typedef {object} GameView
 * @property {number} id
 * @property {RuleName} rule
 * @property {number} size
 * @property {Mode} mode
 * @property {PlayersView} players
 * @property {number} level
 * @property {boolean} think_delay
 * @property {SetupStone[]} setup
 * @property {Color} first_to_move
 * @property {Point[]} moves
 * @property {string} move_string
 * @property {Point[]} redo
 * @property {Color} to_move
 * @property {PlayerKind} player_to_move
 * @property {GameStatus} status
 * @property {boolean} over
 * @property {Color | null} winner
 * @property {Color | null} resigned
 * @property {GameResult} result
 * @property {Point[]} win_line
 * @property {ForbiddenPoint[]} forbidden
 * @property {JobKind | null} thinking
 * @property {boolean} paused
 * @property {OpeningView | null} opening
 * @property {OnlineView | null} online
 * @property {number} created_at
 * @property {number} updated_at
 */

/**
 * An online game's seats and clocks (inside GameView).
 * @typedef {object} OnlineView
 * @property {string} public_id
 * @property {SeatView} black
 * @property {SeatView} white
 * @property {ClockView | null} clock
 * @property {Color | null} lost_on_time
 * @property {Color | null} undo_request
 * @property {Color | null} draw_offer
 * @property {Color | null} rematch_offer
 * @property {string | null} rematch_id
 * @property {number} server_time
 */

/**
 * One seat of an online game: taken, and the player's page connected now.
 * @typedef {object} SeatView
 * @property {boolean} taken
 * @property {boolean} connected
 */

/**
 * The clocks of an online game as of server_time (ms left; the running side charged).
 * @typedef {object} ClockView
 * @property {"fischer" | "move"} control
 * @property {number} main_ms
 * @property {number} increment_ms
 * @property {number} move_ms
 * @property {number} black_ms
 * @property {number} white_ms
 * @property {Color | null} running
 */

/**
 * POST /api/online and POST /api/online/{id}/join: the seat given and its token.
 * @typedef {object} SeatGranted
 * @property {GameView} game
 * @property {Color} seat
 * @property {string} token
 * @property {string} path
 * @property {string | null} link
 */

/**
 * An engine score for people: its words and the side to move's chance of winning (0..1).
 * @typedef {object} Score
 * @property {"eval" | "win" | "loss"} kind
 * @property {number} value
 * @property {string} text
 * @property {number} winrate
 */

/**
 * One of the best lines of a finished analysis.
 * @typedef {object} AnalysisLine
 * @property {Score} score
 * @property {Point[]} pv
 */

// ---- WebSocket events: {"type": ..., ...} ---------------------------------------------

/**
 * @typedef {object} StateEvent
 * @property {"state"} type
 * @property {GameView} game
 */

/**
 * @typedef {object} ThinkingEvent
 * @property {"thinking"} type
 * @property {JobKind} kind
 * @property {boolean} active
 */

/**
 * A search's progress report; `for` is the side whose view the score takes.
 * @typedef {object} InfoEvent
 * @property {"info"} type
 * @property {JobKind} kind
 * @property {Color} for
 * @property {number} depth
 * @property {number} seldepth
 * @property {number} multipv
 * @property {Score} score
 * @property {number} nodes
 * @property {number} nps
 * @property {number} time_ms
 * @property {Point[]} pv
 */

/**
 * @typedef {object} AnalysisEvent
 * @property {"analysis"} type
 * @property {Color} for
 * @property {number} depth
 * @property {number} nodes
 * @property {number} time_ms
 * @property {AnalysisLine[]} lines
 */

/**
 * @typedef {object} HintEvent
 * @property {"hint"} type
 * @property {Point} point
 */

/**
 * @typedef {object} EndEvent
 * @property {"end"} type
 * @property {GameResult} result
 * @property {Color | null} winner
 * @property {Color | null} resigned
 */

/**
 * @typedef {object} ErrorEvent
 * @property {"error"} type
 * @property {string} message
 */

/**
 * @typedef {object} DeletedEvent
 * @property {"deleted"} type
 */

/**
 * Where a game's opening rule stands (its steps go before normal play).
 * @typedef {object} OpeningView
 * @property {"swap1" | "swap2" | "soosorv8" | "taraguchi10"} rule
 * @property {"place" | "swap_option" | "choose_color" | "swap2_choice" | "declare" | "taraguchi_choice" | "offer" | "pick" | "done"} step
 * @property {Color | null} color
 * @property {number | null} area
 * @property {PlayerKind} decider
 * @property {Color} decider_color
 * @property {number} wanted
 * @property {number} placed
 * @property {Point[]} offers
 * @property {string} record
 */

/**
 * @typedef {object} ReviewProgressEvent
 * @property {"review_progress"} type
 * @property {number} done
 * @property {number} total
 */

/**
 * @typedef {object} ReviewedEvent
 * @property {"reviewed"} type
 * @property {ReviewView} review
 */

/**
 * @typedef {object} ReviewEndedEvent
 * @property {"review_ended"} type
 * @property {string} reason
 */

/**
 * A line of an online game's chat, as sent to every page of the game.
 * @typedef {object} ChatEvent
 * @property {"chat"} type
 * @property {Color} color
 * @property {string} text
 * @property {number} at
 */

/**
 * GET /api/server: what the server offers this client (its own games are private to the
 * machine it runs on when others can reach it).
 * @typedef {object} ServerInfo
 * @property {boolean} local_games
 * @property {string | null} public_url
 */

/**
 * GET /api/online/{id}/seat: the colour this browser's token holds.
 * @typedef {object} SeatOf
 * @property {Color} seat
 */

/**
 * A line of an online game's chat.
 * @typedef {object} ChatMessage
 * @property {Color} color
 * @property {string} text
 * @property {number} at
 */

/**
 * GET /api/online/{id}/chat: the last lines, oldest first.
 * @typedef {object} ChatLog
 * @property {ChatMessage[]} messages
 */

/** @typedef {StateEvent | ThinkingEvent | InfoEvent | AnalysisEvent | HintEvent | EndEvent | ErrorEvent | DeletedEvent | ReviewProgressEvent | ReviewedEvent | ReviewEndedEvent | ChatEvent} GameEvent */

/** @typedef {"inaccuracy" | "mistake" | "blunder"} MarkName */

/**
 * One move as a review judges it; scores from the mover's view.
 * @typedef {object} ReviewedMove
 * @property {number} number
 * @property {Color} color
 * @property {Point} point
 * @property {Point | null} best
 * @property {Score} before
 * @property {Score} after
 * @property {number} loss
 * @property {MarkName | null} mark
 */

/**
 * @typedef {object} PlayerReview
 * @property {number} moves
 * @property {number} average_loss
 * @property {number} inaccuracies
 * @property {number} mistakes
 * @property {number} blunders
 */

/**
 * @typedef {object} ReviewSummary
 * @property {PlayerReview} black
 * @property {PlayerReview} white
 */

/**
 * A finished review: black's win rate at every position (the graph) and each move.
 * @typedef {object} ReviewView
 * @property {number} nodes
 * @property {number} created_at
 * @property {number[]} black_winrates
 * @property {ReviewedMove[]} moves
 * @property {ReviewSummary} summary
 */

/**
 * GET/POST /api/games/{id}/review.
 * @typedef {object} ReviewState
 * @property {"none" | "running" | "done"} status
 * @property {number} done
 * @property {number} total
 * @property {ReviewView | null} review
 */

// ---- HTTP answers ---------------------------------------------------------------------

/**
 * A start position of GET /api/demos.
 * @typedef {object} Demo
 * @property {string} id
 * @property {RuleName} rule
 * @property {number} size
 * @property {string} name_en
 * @property {string} name_zh
 * @property {string} moves
 */

/**
 * @typedef {object} DemoList
 * @property {Demo[]} demos
 */

/**
 * One line of the list of saved games.
 * @typedef {object} GameSummary
 * @property {number} id
 * @property {number} created_at
 * @property {number} updated_at
 * @property {RuleName} rule
 * @property {number} size
 * @property {PlayerKind} black
 * @property {PlayerKind} white
 * @property {number} level
 * @property {GameResult} result
 * @property {number} move_count
 */

/**
 * @typedef {object} GameList
 * @property {GameSummary[]} games
 */

/**
 * @typedef {object} Deleted
 * @property {boolean} deleted
 */

/**
 * @typedef {object} HintAnswer
 * @property {Point} hint
 */

/**
 * @typedef {object} Stopped
 * @property {boolean} stopped
 */

/**
 * @typedef {object} AnalysisStarted
 * @property {boolean} started
 * @property {number} lines
 */

/**
 * Searches of GET /api/stats.
 * @typedef {object} SearchStats
 * @property {number} cap
 * @property {number} long_cap
 * @property {number} running
 * @property {number} waiting
 * @property {number} peak
 * @property {number} started
 */

/**
 * @typedef {object} Stats
 * @property {SearchStats} searches
 * @property {number} games_loaded
 * @property {number} sockets_open
 */

// ---- Errors: every failed request answers {"error": code, "message": text, ...} ------

/**
 * @typedef {object} OutOfBoard
 * @property {"out_of_board"} kind
 * @property {number} x
 * @property {number} y
 * @property {number} size
 */

/**
 * @typedef {object} Occupied
 * @property {"occupied"} kind
 * @property {number} x
 * @property {number} y
 */

/**
 * @typedef {object} GameOver
 * @property {"game_over"} kind
 */

/**
 * @typedef {object} Forbidden
 * @property {"forbidden"} kind
 * @property {ForbiddenKind} forbidden
 * @property {number} x
 * @property {number} y
 */

/** @typedef {OutOfBoard | Occupied | GameOver | Forbidden} Refusal */

/**
 * `reason` comes with a refused move ("move_refused"), `limit` with a limit reached.
 * @typedef {object} ErrorBody
 * @property {string} error
 * @property {string} message
 * @property {Refusal} [reason]
 * @property {number} [limit]
 */

export {};
