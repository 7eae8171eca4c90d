---@meta
-- The `hub` API of Hub's Lua runtime, as annotations for the Lua language server (LuaLS):
-- completion, hover documentation and type checks while writing features. Examples/.luarc.json
-- loads this file; open Examples (or a folder with a copy of that .luarc.json and of this
-- folder) as the workspace. This file is never run.
--
-- Tests/HubLuaTests/Runtime/AnnotationTests.swift keeps it in step with the runtime: every
-- `hub.*` name, every member of the userdata classes and every key of the spec and model tables
-- below must exist in the runtime, and the runtime must have nothing this file does not
-- declare. Declare functions as `function hub.name(...) end`, values as `hub.name = ...`,
-- properties as `---@field`, and methods as `function Class:name(...) end` on the local that
-- follows the class's `---@class` line.

-- MARK: Names and values

---A `namespace:name` identifier, e.g. `"cities:row"`.
---@alias hub.Identifier string

---Whether a view is online or offline, as its operations see it.
---@alias hub.Connectivity "online"|"offline"

---What performed an action: a selection, a component, an operation, or another action (chained).
---@alias hub.ActionTrigger "selection"|"component"|"operation"|"chained"

---How an operation's last run went.
---@alias hub.OperationStatus "idle"|"queued"|"running"|"finished"|"failed"

---Where a component model is in its view.
---@alias hub.ComponentType "header"|"body"|"overlay"

---A component's selection state.
---@alias hub.SelectionState "none"|"highlighted"|"selected"

---How the layout places a component (docs/components.md); an open set of strings.
---@alias hub.LayoutTrait "full_width"|"compact_width"|"stackable"|"centered"|"always_stack_upwards"|string

---Space-separated names: `plain`, `bold`, `dim`, `italic`, `underline`, `inverse` and a colour
---(`black`, `red`, `green`, `yellow`, `blue`, `magenta`, `cyan`, `white`), e.g. `"bold red"`.
---@alias hub.Style string

---A table that converts to a JSON object.
---@alias hub.JSONObject table<string, any>

---JSON text, or a table that converts to JSON.
---@alias hub.JSON string|hub.JSONObject|any[]

---An operation of the chain: its name, or its 1-based position.
---@alias hub.OperationTarget string|integer

---A component identifier, a body position, or a path of positions (`{ 2, 1 }`: the first child
---of the second body component).
---@alias hub.SelectTarget string|integer|integer[]

---An operation table, or just its `perform` function.
---@alias hub.Operation hub.OperationSpec|fun(ctx: hub.Context)

---A path into JSON: a key, or a list of keys, `hub.each` (every element of an array), functions
---(transform a value; nil drops it) and `hub.first(...)`.
---@alias hub.SchemaPath string|hub.FirstPath|(string|hub.Marker|hub.FirstPath|fun(value: any): any)[]

---A marker value, compared by identity (calling it is an error).
---@class hub.Marker

---A combined path made by `hub.first`: the first path that gives a value wins.
---@class hub.FirstPath

---A list entry made by `hub.factory`: operations made per view URI.
---@class hub.Factory

-- MARK: Errors

---An error as scripts see it: `ctx.error`, `s.error`, the chain's errors. `tostring(e)` is `e.text`.
---@class hub.Error
---@field message string What went wrong.
---@field domain string Where errors of this kind come from, e.g. `"hub.lua"`, `"network"` and `"connectivity"` (`hub.http`), `"store"` (`hub.store`), or a domain given to `ctx:fail`.
---@field code integer A code within the domain. `"network"`: 1 the transport failed (refused, reset, DNS, TLS, a malformed response), 2 timeout, 3 the response is larger than `max_response`, 4 the host is not in `hosts`, 5 too many redirects, 6 not an `http:` or `https:` URL; `"connectivity"`: 1 the screen is offline (nothing was sent); `"store"`: 1 the backend is unavailable, 2 locked by another process, 3 read-only, 4 damaged, 5 the disk is full, 6 more keys than `max_keys`, 7 a value larger than `max_value`, 8 not a valid key, 9 another feature's namespace, 10 not a JSON value, 11 `update` kept conflicting, 12 another failure of the backend.
---@field location string? The `file:line` where it was raised, kept when a later operation hands it on (`ctx:fail(e)`, `error(e)`).
---@field passed_on string[] The `file:line`s where it was handed on since, earliest first (the first 20).
---@field feature string? The feature whose operation failed.
---@field operation string? The operation that failed.
---@field action string? The action that failed (`"ns:name"`, or `"selection"`).
---@field traceback string? The Lua traceback, for script errors.
---@field text string The full located description.

---An operation's failure in the chain's last runs, where it first happened, and what became of it.
---@class hub.ChainFailure: hub.Error
---@field outcome "failed the view"|"silenced"|"replaced"|"pending" The view failed with it; the next operation was handed it and finished normally (silenced) or failed with its own error (replaced); or that operation has not finished.
---@field by string? The operation that was handed it (silenced, replaced).

---The table form of `ctx:fail`; an error table (`ctx:fail(ctx.error)`) is accepted too.
---@class hub.FailOptions
---@field message string? What went wrong (default `"operation failed"`).
---@field domain string? Where errors of this kind come from (default `"hub.lua"`).
---@field code integer? A code within the domain.

-- MARK: Operations

---`ctx`, what an operation's functions receive: the view they build and the run they are in.
---@class hub.Context
---@field uri string The view URI the chain runs for.
---@field feature hub.FeatureInfo The feature the operation belongs to.
---@field connectivity hub.Connectivity Whether the view is online or offline.
---@field view hub.ViewBuilder? The view model being built (nil in `on_action`); it and its component builders last as long as this run.
---@field error hub.Error? The error the previous operation ended with, if any; a normal finish silences it.
---@field state table A table that lives as long as the view, for this operation only.
---@field page integer? The page `append` is loading (nil on other runs).
local Context = {}

---Ends the run now; the view model so far is its result (the operation may keep working and reschedule).
function Context:finish() end

---Ends the run with an error, which the next operation sees as `ctx.error`.
---@param error string|hub.FailOptions|hub.Error A message, or a table with `message`, `domain`, `code`.
function Context:fail(error) end

---Asks for this operation (and those after it) to run again; returns whether it will.
---@return boolean
function Context:reschedule() end

---Performs the custom action `id` with `custom` as its data; returns whether it was performed.
---@param id hub.Identifier
---@param custom hub.JSONObject?
---@return boolean
function Context:perform_action(id, custom) end

---A feature's identifier and title.
---@class hub.FeatureInfo
---@field id string The feature's identifier.
---@field title string The feature's title.

---An operation table, given to `hub.operation` or listed in a feature's `operations`.
---@class hub.OperationSpec
---@field name string? Its name in the chain (default: its file's base name, e.g. `rows`).
---@field perform fun(ctx: hub.Context) Fills `ctx.view`; may `hub.sleep`, `hub.await`, finish early and reschedule.
---@field initial (fun(ctx: hub.Context))? Fills the initial view model, shown before the first load.
---@field append (fun(ctx: hub.Context, page: integer))? Adds page `page` when the content's end is reached.
---@field on_action (fun(ctx: hub.Context, action: hub.Action))? Told of every action performed in the view.
---@field timeout integer? Milliseconds a run may take (lower than the runtime's only).
---@field max_reschedules integer? Consecutive self-reschedules allowed (lower only).
---@field budget integer? Instructions one run may use (lower only).

-- MARK: Builders

---`ctx.view`, the view model an operation builds.
---@class hub.ViewBuilder
---@field id string? The view model's identifier.
---@field title string? The navigation bar title (default: the feature's title).
---@field custom hub.JSONObject? Free-form data of the view.
local ViewBuilder = {}

---The header component, created if new.
---@return hub.ComponentBuilder
function ViewBuilder:header() end

---The body component `id` (or the table's `id`, whose other fields are set on it in the order of
---their names: `view:body { id = "a", title = "A" }`), created if new.
---@param id string|hub.ComponentTable
---@return hub.ComponentBuilder
function ViewBuilder:body(id) end

---The overlay `id` (or the table's `id`, whose other fields are set on it), created if new.
---@param id string|hub.ComponentTable
---@return hub.ComponentBuilder
function ViewBuilder:overlay(id) end

---Whether there is a header.
---@return boolean
function ViewBuilder:has_header() end

---Whether there is a body component `id`.
---@param id string
---@return boolean
function ViewBuilder:has_body(id) end

---Whether there is an overlay `id`.
---@param id string
---@return boolean
function ViewBuilder:has_overlay(id) end

---Removes the header.
function ViewBuilder:remove_header() end

---Removes the body component `id`.
---@param id string
function ViewBuilder:remove_body(id) end

---Removes the overlay `id`.
---@param id string
function ViewBuilder:remove_overlay(id) end

---The body components, in order.
---@return hub.ComponentBuilder[]
function ViewBuilder:bodies() end

---The overlays, in order.
---@return hub.ComponentBuilder[]
function ViewBuilder:overlays() end

---Removes everything.
function ViewBuilder:clear() end

---Whether the view has nothing.
---@return boolean
function ViewBuilder:is_empty() end

---Adds a view model given as JSON, in the feature's schema; `source` names the text in errors.
---@param json hub.JSON
---@param source string?
function ViewBuilder:add_json(json, source) end

---A component of the view model being built (`view:body(id)`, `row:child(id)`, ...).
---@class hub.ComponentBuilder
---@field id string Its identifier (read-only).
---@field index integer? Its 1-based position (one out of range puts it last).
---@field component string The component that draws it (`namespace:name`).
---@field category string Its category, which picks a fallback component.
---@field group string? The group it belongs to among its siblings.
---@field title string? The primary text.
---@field subtitle string? The secondary text.
---@field accessory string? A short text shown as an accessory, e.g. at a row's right end.
---@field description string? A longer text that describes the content.
---@field metadata hub.JSONObject? Free-form metadata, e.g. external identifiers.
---@field logging hub.JSONObject? Data to log with impressions of and interactions with it.
---@field custom hub.JSONObject? Free-form data for the component that draws it.
---@field icon string? The icon's identifier, e.g. `"star"`.
---@field main_image hub.ImageBuilder The main image (assign a URI or a table of its fields to set several).
---@field background_image hub.ImageBuilder The background image (assign a URI or a table of its fields).
---@field target hub.TargetBuilder Where selecting it leads (assign a URI, or a table with `uri`, `actions`, `custom`).
local ComponentBuilder = {}

---The custom image `key`, created if new.
---@param key string
---@return hub.ImageBuilder
function ComponentBuilder:custom_image(key) end

---The child component `id` (or the table's `id`, whose other fields are set on it), created if new.
---@param id string|hub.ComponentTable
---@return hub.ComponentBuilder
function ComponentBuilder:child(id) end

---The child components, in order.
---@return hub.ComponentBuilder[]
function ComponentBuilder:children() end

---The child components of group `group`, in order.
---@param group string
---@return hub.ComponentBuilder[]
function ComponentBuilder:children_in_group(group) end

---Whether there is a child component `id`.
---@param id string
---@return boolean
function ComponentBuilder:has_child(id) end

---Removes the child component `id`.
---@param id string
function ComponentBuilder:remove_child(id) end

---Removes the component from its parent.
function ComponentBuilder:remove() end

---Sets several fields at once; returns the component.
---@param fields hub.ComponentTable
---@return hub.ComponentBuilder
function ComponentBuilder:set(fields) end

---Adds fields given as a JSON object, in the feature's schema; `source` names the text in errors.
---@param json hub.JSON
---@param source string?
function ComponentBuilder:add_json(json, source) end

---The fields of a component given as a table: `view:body { id = ..., ... }`, `row:set { ... }`.
---@class hub.ComponentTable
---@field id string? The component's identifier (required by `body`, `overlay` and `child`; ignored by `set`).
---@field index integer? Its 1-based position.
---@field component string? The component that draws it (`namespace:name`).
---@field category string? Its category.
---@field group string? The group it belongs to among its siblings.
---@field title string? The primary text.
---@field subtitle string? The secondary text.
---@field accessory string? A short accessory text.
---@field description string? A longer text.
---@field metadata hub.JSONObject? Free-form metadata.
---@field logging hub.JSONObject? Logging data.
---@field custom hub.JSONObject? Free-form data for the component.
---@field icon string? The icon's identifier.
---@field main_image (string|hub.ImageTable)? The main image: a URI, or its fields.
---@field background_image (string|hub.ImageTable)? The background image: a URI, or its fields.
---@field target (string|hub.TargetTable)? The target: a URI, or its fields.

---An image of a component being built (`row.main_image`, `row:custom_image(key)`).
---@class hub.ImageBuilder
---@field uri string? The image's URI.
---@field placeholder string? The icon shown until it loads.
---@field ["local"] string? A local image's name, in the feature folder.
---@field custom hub.JSONObject? Free-form data of the image.

---The fields of an image given as a table (those left out keep their values).
---@class hub.ImageTable
---@field uri string? The image's URI.
---@field placeholder string? The icon shown until it loads.
---@field ["local"] string? A local image's name, in the feature folder.
---@field custom hub.JSONObject? Free-form data of the image.

---Where selecting a component being built leads (`row.target`).
---@class hub.TargetBuilder
---@field uri string? The URI selecting opens.
---@field custom hub.JSONObject? Free-form data of the target.
---@field actions string[] The actions selecting performs, in order (read-only; see `add_action`).
---@field view hub.ViewBuilder The initial view model of the view it opens (read-only).
local TargetBuilder = {}

---Adds the action `id` to those selecting performs.
---@param id hub.Identifier
function TargetBuilder:add_action(id) end

---The fields of a target given as a table (those left out keep their values).
---@class hub.TargetTable
---@field uri string? The URI selecting opens.
---@field actions hub.Identifier[]? Actions added to those it has.
---@field custom hub.JSONObject? Free-form data of the target.

-- MARK: Models

---A view model as a table (`s.model`, `s:snapshot(...)`, `hub.json.decode_view_model`).
---@class hub.ViewModel
---@field id string? The view model's identifier.
---@field title string? The navigation bar title.
---@field header hub.ComponentModel? The header.
---@field body hub.ComponentModel[] The body components, in order.
---@field overlays hub.ComponentModel[] The overlays, in order.
---@field custom hub.JSONObject? Free-form data of the view.

---A component model as a table (in view models, and given to components' functions).
---@class hub.ComponentModel
---@field id string Its identifier.
---@field component string The component that draws it (`namespace:name`).
---@field category string Its category.
---@field index integer Its 1-based position among its siblings.
---@field type hub.ComponentType Whether it is the header, a body component or an overlay.
---@field group string? The group it belongs to among its siblings.
---@field title string? The primary text.
---@field subtitle string? The secondary text.
---@field accessory string? A short accessory text.
---@field description string? A longer text.
---@field metadata hub.JSONObject? Free-form metadata.
---@field logging hub.JSONObject? Logging data.
---@field custom hub.JSONObject? Free-form data for the component.
---@field icon string? The icon's identifier.
---@field main_image hub.ImageModel? The main image.
---@field background_image hub.ImageModel? The background image.
---@field custom_images table<string, hub.ImageModel> The custom images, by key.
---@field target hub.TargetModel? Where selecting it leads.
---@field children hub.ComponentModel[] The child components, in order.

---An image of a component model as a table.
---@class hub.ImageModel
---@field uri string? The image's URI.
---@field placeholder string? The icon shown until it loads.
---@field ["local"] string? A local image's name.
---@field custom hub.JSONObject? Free-form data of the image.

---The target of a component model as a table.
---@class hub.TargetModel
---@field uri string? The URI selecting opens.
---@field actions string[] The actions selecting performs, in order.
---@field custom hub.JSONObject? Free-form data of the target.
---@field view hub.ViewModel? The initial view model of the view it opens.

-- MARK: Screens

---A stack of screens opened by `hub.open`: its properties and reading methods are about the
---screen on top; selecting a target opens its URI on top, `s:back()` closes it.
---@class hub.Screen
---@field uri string The view URI of the screen on top.
---@field model hub.ViewModel The view model shown.
---@field error hub.Error? The error the last load ended with, if any (the previous view model stays).
---@field loading boolean Whether the chain is still running.
---@field connectivity hub.Connectivity What the screens' operations see.
---@field width integer The width in cells.
---@field height integer? The height in cells (nil: all content is shown).
---@field chain hub.ChainEntry[] Each operation of the chain, in order.
---@field failures hub.ChainFailure[] Every failure of the chain's operations in their last runs, once each where it first happened (an error passed on is not counted again), in chain order.
---@field stack string[] The view URIs of the stack, bottom first.
---@field opened string[] URIs no feature handles, handed to the system's opener.
---@field events hub.ScreenEvent[] What happened on the stack's screens, oldest first.
local Screen = {}

---Resizes the screen (a nil height shows all content); returns it.
---@param width integer
---@param height integer?
---@return hub.Screen
function Screen:resize(width, height) end

---Scrolls the body by `rows`; returns the rows it scrolled.
---@param rows integer
---@return integer
function Screen:scroll(rows) end

---What the last update changed, or nil.
---@return hub.Diff?
function Screen:diff() end

---The view model the operation was given on its last run, or nil.
---@param operation hub.OperationTarget
---@return hub.ViewModel?
function Screen:snapshot(operation) end

---The screen drawn as text (resized first when given a width or a height).
---@param options hub.RenderOptions?
---@return string
function Screen:render(options) end

---Where each component is laid out.
---@return hub.Frames
function Screen:frames() end

---Makes the screen appear, which loads it (the reload policy may decline); returns it once settled.
---@return hub.Screen
function Screen:load() end

---Runs the chain again; returns the screen once settled.
---@return hub.Screen
function Screen:reload() end

---Loads the next page, as reaching the end of the content does; returns the screen once settled.
---@return hub.Screen
function Screen:scroll_to_end() end

---Runs the operation again; returns the screen once settled.
---@param operation hub.OperationTarget
---@return hub.Screen
function Screen:reschedule(operation) end

---Goes online or offline; returns the screen once settled.
---@param state hub.Connectivity
---@return hub.Screen
function Screen:set_connectivity(state) end

---Performs the custom action `id` with `custom` as its data, as an operation would; whether it was performed (or handled). Returns once the action (and what it chains to) and the chain have settled; an action that failed raises its `hub.Error`, located where it failed.
---@param id hub.Identifier
---@param custom hub.JSONObject?
---@return boolean
function Screen:perform(id, custom) end

---Selects a component of the screen on top, as a tap would; whether the selection was handled. With no such component on the screen (an identifier, a position or a path alike), false and why. An action the selection performs that fails raises its `hub.Error`, as `s:perform` does.
---@param target hub.SelectTarget
---@param custom hub.JSONObject?
---@return boolean handled
---@return string? why
function Screen:select(target, custom) end

---Closes the screen on top, back to the one below; whether there was one.
---@return boolean
function Screen:back() end

---Profiles what `fn(s)` does (default: `s:reload()`): each operation's time, instructions, memory and waits, and the Lua stacks sampled every `every` instructions (default 1,000) by the budget's hook, so the same work gives the same samples. `print(s:profile().text)` prints the table `hub profile` prints.
---@param fn fun(s: hub.Screen)?
---@param options hub.ProfileOptions?
---@return hub.Profile
function Screen:profile(fn, options) end

---The options of `hub.open`.
---@class hub.OpenOptions
---@field width integer? The width in cells.
---@field height integer? The height in cells (default: all content).
---@field margin integer? The layout margin in cells (default 1).
---@field load boolean? Whether to load at once (default true); false shows the initial content.
---@field connectivity hub.Connectivity? What the operations see (default `"online"`).

---The options of `s:render`.
---@class hub.RenderOptions
---@field width integer? Resizes the screen to this width first.
---@field height integer? Resizes the screen to this height first.
---@field ascii boolean? Draws boxes with plain ASCII.
---@field color boolean? Adds ANSI styles.

---The options of `s:profile`.
---@class hub.ProfileOptions
---@field every integer? Instructions between two samples (default 1,000).

---What `s:profile` found.
---@class hub.Profile
---@field text string The profile as the table `hub profile` prints.
---@field folded string The samples as folded stacks (`frame;frame;frame count` per line), for flame graph tools.
---@field every integer Instructions between two samples.
---@field samples integer How many samples were taken.
---@field operations hub.ProfiledOperation[] Each operation (or action) that ran, in the order it first ran.
---@field functions hub.ProfiledFunction[] Each sampled function, most samples of its own first.
---@field lines hub.ProfiledLine[] Each sampled line, most samples first.

---An operation (or action) as `s:profile` measured it, over all of its runs.
---@class hub.ProfiledOperation
---@field name string Its name (an action's: `action ns:name`).
---@field view string The view URI it ran for (`""` for an action).
---@field runs integer Runs started.
---@field ms number Wall-clock milliseconds from each run's start to its end, waits included.
---@field script_ms number Milliseconds running the script itself (Lua), host calls left out.
---@field host_ms number Milliseconds in Swift called from Lua: builders, JSON, bookkeeping.
---@field wait_ms number Milliseconds suspended, waiting.
---@field waits table<string, number> Milliseconds waited by kind: `http`, `store`, `sleep`, `await`.
---@field instructions integer Instructions its budget counted while it ran.
---@field allocated integer Bytes it allocated while it ran.

---A sampled function.
---@class hub.ProfiledFunction
---@field name string Its name as its caller calls it, `(anonymous)`, or `(main chunk)`.
---@field file string Its file, or `[C]`.
---@field line integer? The line where it is defined (nil for a C function).
---@field self integer Samples taken while it ran itself.
---@field total integer Samples taken while it was on the stack.

---A sampled line.
---@class hub.ProfiledLine
---@field file string
---@field line integer
---@field samples integer Samples taken while it ran.

---One operation of a screen's chain.
---@class hub.ChainEntry
---@field name string The operation's name.
---@field status hub.OperationStatus How its last run went.
---@field error hub.Error? The error its last run ended with.
---@field runs integer How many times it ran.
---@field time number? The milliseconds its last run took (nil when it has not run).
---@field instructions integer? The instructions its last run's budget counted: the VM's, counted every 1,000 (the hook's period), plus allocation and C work (nil when it has not run, or runs without a budget).

---What the last update of a screen changed.
---@class hub.Diff
---@field inserted string[] Identifiers of the body components inserted.
---@field removed string[] Identifiers of the body components removed.
---@field reloaded string[] Identifiers of the body components reloaded.
---@field header_changed boolean Whether the header changed.

---Where a screen's components are laid out.
---@class hub.Frames
---@field header hub.Frame? The header's frame.
---@field body hub.Frame[] The body components' frames, in order.
---@field overlays hub.Frame[] The overlays' frames, in order.
---@field content_height integer The height of all the content, in rows.

---Where one component is laid out, in cells.
---@class hub.Frame
---@field id string The component's identifier.
---@field x integer The column of its left edge.
---@field y integer The row of its top edge, in the content.
---@field width integer Its width in cells.
---@field height integer Its height in cells.

---Something that happened on a screen of a stack.
---@class hub.ScreenEvent
---@field kind string `"will update"`, `"did update"`, `"did fail"`, `"component will appear"`, `"component did disappear"`, `"selected"`, `"did perform action"`, `"navigated"`, `"back"` or `"opened externally"`.
---@field uri string The view URI of the screen it happened on.
---@field component string? The component model involved.
---@field detail string? What else says what happened (a title, an action and its outcome, an error, a URI).
---@field text string The whole event in one line.

-- MARK: Components

---A component table, given to `hub.component` or returned by a `hub.components` resolver.
---Keys starting with `_` are the component's own helpers.
---@class hub.ComponentSpec
---@field id hub.Identifier? Its identifier (required by `hub.component`).
---@field traits hub.LayoutTrait[]? How the layout places it.
---@field size fun(self: hub.ComponentInstance, model: hub.ComponentModel, container: hub.Size): integer, integer Its width and height for `model` in `container`.
---@field render fun(self: hub.ComponentInstance, model: hub.ComponentModel, canvas: hub.Canvas) Draws `model` into `canvas`.
---@field prepare (fun(self: hub.ComponentInstance))? Called before the component is reused for another model.
---@field configure (fun(self: hub.ComponentInstance, model: hub.ComponentModel, container: hub.Size))? Called when the model changes.
---@field image_size (fun(self: hub.ComponentInstance, image: hub.ImageModel, model: hub.ComponentModel, container: hub.Size): integer, integer)? The size to load an image at (0, 0 skips it).
---@field on_image (fun(self: hub.ComponentInstance, image: hub.LoadedImage, model: hub.ComponentModel))? Called when an image has loaded.
---@field ui_state (fun(self: hub.ComponentInstance): any)? The UI state to save, per model id.
---@field restore (fun(self: hub.ComponentInstance, state: any))? Restores a saved UI state.
---@field selection (fun(self: hub.ComponentInstance, state: hub.SelectionState))? Called when the selection state changes.
---@field resized (fun(self: hub.ComponentInstance, width: integer, height: integer))? Called when the view is resized.
---@field will_appear (fun(self: hub.ComponentInstance))? Called before the view appears.
---@field content_offset (fun(self: hub.ComponentInstance, rows: integer))? Called when the view scrolls.
---@field on_action (fun(self: hub.ComponentInstance, ctx: hub.Action))? Told of every action performed in the view.

---`self` in a component's functions: one instance's own table over the component table.
---@class hub.ComponentInstance: hub.ComponentSpec
---@field [string] any Fields the instance keeps for itself, e.g. `self._model`.
local ComponentInstance = {}

---Draws the model's child `index` into a `width` × `height` rectangle of `canvas` at `x`, `y`.
---@param index integer
---@param canvas hub.Canvas
---@param x integer
---@param y integer
---@param width integer
---@param height integer
function ComponentInstance:render_child(index, canvas, x, y, width, height) end

---The width and height the model's child `index` wants in a `width` × `height` container.
---@param index integer
---@param width integer
---@param height integer
---@return integer width
---@return integer height
function ComponentInstance:child_size(index, width, height) end

---Performs the custom action `id` for the component's model; whether it was performed.
---@param id hub.Identifier
---@param custom hub.JSONObject?
---@return boolean
function ComponentInstance:perform(id, custom) end

---A container's size, in cells.
---@class hub.Size
---@field width integer The width in cells.
---@field height integer The height in cells.

---An image that has loaded, as `on_image` gets it.
---@class hub.LoadedImage
---@field uri string The image's URI.
---@field name string Its name.
---@field width integer Its width in cells.
---@field height integer Its height in cells.
---@field slot string Which image of the model: `"main"`, `"background"` or a custom image's key.
---@field animated boolean Whether it should appear animated.

---A component's clipped drawing surface; coordinates are relative to it, and may be any integers.
---@class hub.Canvas
---@field width integer The width in cells.
---@field height integer The height in cells.
local Canvas = {}

---Writes `text` from `x`, `y`.
---@param x integer
---@param y integer
---@param text string?
---@param style hub.Style?
function Canvas:text(x, y, text, style) end

---Draws a box's border.
---@param x integer
---@param y integer
---@param width integer
---@param height integer
---@param style hub.Style?
function Canvas:box(x, y, width, height, style) end

---Fills a rectangle with `character` (a space by default).
---@param x integer
---@param y integer
---@param width integer
---@param height integer
---@param character string?
---@param style hub.Style?
function Canvas:fill(x, y, width, height, character, style) end

---Draws a horizontal line.
---@param x integer
---@param y integer
---@param length integer
---@param style hub.Style?
function Canvas:hline(x, y, length, style) end

---Draws a vertical line.
---@param x integer
---@param y integer
---@param length integer
---@param style hub.Style?
function Canvas:vline(x, y, length, style) end

---The canvas of a rectangle of this one (clipped to it).
---@param x integer
---@param y integer
---@param width integer
---@param height integer
---@return hub.Canvas
function Canvas:sub(x, y, width, height) end

-- MARK: Actions

---`ctx` in an action, an action handler and an `on_action` observer: one performed action.
---@class hub.Action
---@field uri string The view URI it was performed in.
---@field action string? The custom action (`namespace:name`); nil for a plain selection.
---@field trigger hub.ActionTrigger What performed it.
---@field custom hub.JSONObject? Its custom data.
---@field component hub.ComponentModel? The component model involved, if any.
---@field view_model hub.ViewModel The view model it was performed in.
---@field feature hub.FeatureInfo The feature of the view.
---@field handled boolean For an observer (`on_action`): whether the feature's action handler handled (vetoed) it, so that it was not performed. Observers hear of every action, vetoed ones too, as in Hub Framework.
local Action = {}

---When the running action ends, performs the action `id` with `custom` (trigger `chained`); a later call replaces an earlier one. Only in an action.
---@param id hub.Identifier
---@param custom hub.JSONObject?
function Action:chain(id, custom) end

-- MARK: HTTP

---What `hub.http` returns: any status is a response (a 404 or a 503 too); only no response at all is an error.
---@class hub.Response
---@field status integer The HTTP status, e.g. `200`.
---@field headers table<string, string> The header fields by lower-case name; a repeated field's values joined with `", "`.
---@field body string The body, as received.
---@field from_cache boolean Whether the cache answered (fresh, or after the server answered 304); its `age` header is then its current age in seconds.
---@field stale false|"while-revalidate"|"if-error"|"max-stale"|"only-if-cached" Why a stale response answered: within its `stale-while-revalidate` (revalidated meanwhile), within its `stale-if-error` (the server failed), the request accepted it (`max-stale`, `cache = "force-cache"`), or `cache = "only-if-cached"`; false when it is not stale.
local Response = {}

---How a request uses the cache, as Fetch's `cache` option: `"default"` as RFC 9111 says, `"no-store"` neither reads nor stores, `"reload"` does not read but stores, `"no-cache"` revalidates what is stored, `"force-cache"` takes what is stored however stale, `"only-if-cached"` too, and without it a 504 answers and nothing is sent.
---@alias hub.CacheMode "default"|"no-store"|"reload"|"no-cache"|"force-cache"|"only-if-cached"

---The body decoded as JSON, as plain Lua values; malformed JSON is an error at the caller's line.
---@return any
function Response:json() end

---A request, given to `hub.http.request` or listed in `hub.http.all`.
---@class hub.Request
---@field method string? The method, any case (default `"GET"`).
---@field url string An absolute `http:` or `https:` URL whose host the feature lists in `hosts`.
---@field headers table<string, string>? Header fields to send.
---@field body (string|table)? The body: a string as it is, a table as JSON (with `content-type: application/json` unless `headers` has one).
---@field timeout integer? Milliseconds to wait for the response, redirects included (at most the default 10,000, and what the operation has left).
---@field cache hub.CacheMode? How the request uses the cache (default `"default"`).

---The options of `hub.http.get` and `hub.http.post`.
---@class hub.RequestOptions
---@field headers table<string, string>? Header fields to send.
---@field timeout integer? Milliseconds to wait for the response, redirects included (at most the default 10,000, and what the operation has left).
---@field cache hub.CacheMode? How the request uses the cache (default `"default"`).

-- MARK: Features and schemas

---A feature table, given to `hub.feature`: one of `uri`, `uri_prefix` and `uri_match` says which views it handles.
---@class hub.FeatureSpec
---@field id string The feature's identifier.
---@field title string? Its title, the views' default title (default: `id`).
---@field uri string? The one view URI it handles.
---@field uri_prefix string? The prefix of the view URIs it handles.
---@field uri_exclude string[]? URIs with the prefix it does not handle.
---@field uri_match (fun(uri: string): boolean)? Whether it handles a view URI.
---@field operations (hub.Operation|hub.Factory)[] The chain of content operations, in order.
---@field schema string? The JSON schema `add_json` reads with (default: the default schema).
---@field reload_policy ({ max_age: integer }|fun(uri: string, current: hub.ViewModel): boolean)? Whether a plain load runs the chain again (`s:reload()` always does): `{ max_age = ms }` once the content is that old, or as the function says; `hub serve` answers from the kept content meanwhile.
---@field action_handler (fun(ctx: hub.Action): boolean)? Sees the feature's actions first; true handles one (it is not performed).
---@field hosts string[]? The hosts `hub.http` may reach (none: no network): `"api.example.com"` (on its scheme's default port), `"127.0.0.1:8099"`, `"127.0.0.1:*"` (any port), `"*.example.org"` (any subdomain, not `example.org` itself); no scheme or path.
---@field max_response integer? The largest response body `hub.http` takes, in bytes (default 8 MiB, at most the memory limit); a larger one is a `"network"` error 3.
---@field store hub.StoreSpec? What it keeps in `hub.store`: the namespaces it shares, and its limits.
---@field timeout integer? Milliseconds a run may take (lower than the runtime's only).
---@field max_reschedules integer? Consecutive self-reschedules allowed (lower only).
---@field budget integer? Instructions one run may use (lower only).

---What a feature keeps in `hub.store`, given as `store` to `hub.feature`.
---@class hub.StoreSpec
---@field shares string[]? Namespaces of other features it may read and write (`hub.store.namespace(name)`), when their owners grant it.
---@field share_with string[]? Features of other folders that may read and write its own namespace.
---@field max_value integer? The largest value, in bytes of JSON (default 1 MiB); larger is a `"store"` error 7.
---@field max_keys integer? The most keys its namespace holds (default 10,000); more is a `"store"` error 6.

---A custom JSON schema, given to `hub.schema`: paths that say where each part of the model is in the JSON.
---@class hub.SchemaSpec
---@field id string The schema's identifier, which features name with `schema = id`.
---@field extends string? The schema it starts from (default `"default"`).
---@field view hub.ViewSchema? Where the view model's parts are.
---@field component hub.ComponentSchema? Where a component model's parts are, within its JSON.
---@field image hub.ImageSchema? Where an image's parts are, within its JSON.
---@field target hub.TargetSchema? Where a target's parts are, within its JSON.

---The view part of a schema.
---@class hub.ViewSchema
---@field id hub.SchemaPath? Where the view's identifier is.
---@field title hub.SchemaPath? Where the title is.
---@field header hub.SchemaPath? Where the header component's JSON is.
---@field body hub.SchemaPath? Where the body components' JSON (a list) is.
---@field overlays hub.SchemaPath? Where the overlays' JSON (a list) is.
---@field custom hub.SchemaPath? Where the view's custom data is.

---The component part of a schema.
---@class hub.ComponentSchema
---@field id hub.SchemaPath? Where the identifier is.
---@field component hub.SchemaPath? Where the component (`namespace:name`) is.
---@field category hub.SchemaPath? Where the category is.
---@field group hub.SchemaPath? Where the group is.
---@field title hub.SchemaPath? Where the title is.
---@field subtitle hub.SchemaPath? Where the subtitle is.
---@field accessory hub.SchemaPath? Where the accessory text is.
---@field description hub.SchemaPath? Where the description is.
---@field metadata hub.SchemaPath? Where the metadata is.
---@field logging hub.SchemaPath? Where the logging data is.
---@field custom hub.SchemaPath? Where the custom data is.
---@field icon hub.SchemaPath? Where the icon's identifier is.
---@field main_image hub.SchemaPath? Where the main image's JSON is.
---@field background_image hub.SchemaPath? Where the background image's JSON is.
---@field custom_images hub.SchemaPath? Where the custom images' JSON (an object by key) is.
---@field target hub.SchemaPath? Where the target's JSON is.
---@field children hub.SchemaPath? Where the children's JSON (a list) is.

---The image part of a schema.
---@class hub.ImageSchema
---@field uri hub.SchemaPath? Where the URI is.
---@field placeholder hub.SchemaPath? Where the placeholder icon's identifier is.
---@field ["local"] hub.SchemaPath? Where the local image's name is.
---@field custom hub.SchemaPath? Where the custom data is.

---The target part of a schema.
---@class hub.TargetSchema
---@field uri hub.SchemaPath? Where the URI is.
---@field view hub.SchemaPath? Where the initial view model's JSON is.
---@field actions hub.SchemaPath? Where the action identifiers are.
---@field custom hub.SchemaPath? Where the custom data is.

-- MARK: The hub table

---The Hub runtime's functions: a read-only table of the feature folder's own over the shared one.
hub = {}

---Registers a feature of this folder: the views it handles and its chain of operations.
---@param spec hub.FeatureSpec
function hub.feature(spec) end

---Checks an operation table (or a `perform` function) and gives it a name; returns the table.
---@param spec hub.Operation
---@return hub.OperationSpec
function hub.operation(spec) end

---A list entry that makes a feature's operations per view URI, when the view is opened.
---@param make fun(uri: string): hub.Operation[]
---@return hub.Factory
function hub.factory(make) end

---Adds operations that run before every feature's own (only in a folder the operator grants: `"app_wide"` of `--grants`).
---@param operations (hub.Operation|hub.Factory)[]
function hub.prepend_operations(operations) end

---Adds operations that run after every feature's own (only in a folder the operator grants: `"app_wide"` of `--grants`).
---@param operations (hub.Operation|hub.Factory)[]
function hub.append_operations(operations) end

---Registers a component (`id` is `namespace:name`; a namespace belongs to one folder).
---@param spec hub.ComponentSpec
function hub.component(spec) end

---Defines the components of a namespace by name, asked for each name when first used.
---@param namespace string
---@param resolve fun(name: string): hub.ComponentSpec?
function hub.components(namespace, resolve) end

---Registers the action `id` (`namespace:name`): `fn(ctx)` returns true when it performed; it may `hub.sleep` and `hub.await`.
---@param id hub.Identifier
---@param fn fun(ctx: hub.Action): boolean?
function hub.action(id, fn) end

---Defines the actions of a namespace by name, asked for each performance (after those `hub.action` registered).
---@param namespace string
---@param resolve fun(name: string): (fun(ctx: hub.Action): boolean?)?
function hub.actions(namespace, resolve) end

---Sets the action handler of every feature that has none: `fn(ctx)` returns true to handle an action itself (only in a folder the operator grants: `"app_wide"` of `--grants`).
---@param fn fun(ctx: hub.Action): boolean
function hub.action_handler(fn) end

---Registers a custom JSON schema, which features name with `schema = id`.
---@param spec hub.SchemaSpec
function hub.schema(spec) end

---A schema path step: the first of the paths that gives a value wins.
---@param ... hub.SchemaPath
---@return hub.FirstPath
function hub.first(...) end

---A schema path step: every element of an array (a marker; calling it is an error).
---@type hub.Marker
hub.each = nil

---The text of a file inside the feature folder.
---@param path string A path relative to the feature folder.
---@return string
function hub.read(path) end

---Opens a screen for a view URI and returns it after its first load.
---@param uri string
---@param options hub.OpenOptions?
---@return hub.Screen
function hub.open(uri, options) end

---Registers a test case, run by `hub test` (a failed `assert` fails it).
---@param name string
---@param fn fun()
function hub.test(name, fn) end

---Fails at the caller's line unless the values are deeply equal (model tables too), listing where they differ.
---@param actual any
---@param expected any
---@param message string? Printed before the differences.
function hub.expect_equal(actual, expected, message) end

---Fails at the caller's line unless `s:render(options)` is byte for byte the feature folder's golden file `path` (`hub test --update` writes it instead).
---@param s hub.Screen
---@param path string A path relative to the feature folder.
---@param options hub.RenderOptions?
function hub.expect_render(s, path, options) end

---Suspends the operation or action for `ms` milliseconds (in a test: lets that much virtual time pass).
---@param ms number Up to a day (86,400,000).
function hub.sleep(ms) end

---Suspends the operation or action until `start`'s `done` is called (at the top of a test case or a REPL line: waits there); returns what was passed to `done`.
---@param start fun(done: fun(...))
---@return any ...
function hub.await(start) end

---Calls `fn` on the event loop after `ms` milliseconds; a folder may have 1,000 waiting and schedule 1,000 a second.
---@param ms number Up to a day (86,400,000).
---@param fn fun()
function hub.after(ms, fn) end

---Registers image data that the screens' image loaders serve for a remote URI (images never come from the network).
---@param uri string
---@param bytes integer The image's size in bytes.
function hub.register_image(uri, bytes) end

---JSON conversions.
hub.json = {}

---JSON text with keys in a stable order; view and component models in the default schema.
---@param value any A table, a model or a plain value.
---@param pretty boolean? Indents the text.
---@return string
function hub.json.encode(value, pretty) end

---Plain Lua values from JSON text; `source` names the text in errors.
---@param text string
---@param source string?
---@return any
function hub.json.decode(text, source) end

---A view model table from JSON (text or a table), read with a schema (default: the default schema).
---@param json hub.JSON
---@param schema string?
---@return hub.ViewModel
function hub.json.decode_view_model(json, schema) end

---HTTP requests (the feature folder's own: its features' `hosts` say where they may go). A call suspends the operation or action until the response comes, and works too in a test case and the REPL; a request that gets no response raises a `hub.Error` (domain `"network"`, or `"connectivity"` when the screen is offline) at the caller's line.
hub.http = {}

---Sends a request; returns its response.
---@param request hub.Request
---@return hub.Response
function hub.http.request(request) end

---Sends a GET request; returns its response.
---@param url string
---@param options hub.RequestOptions?
---@return hub.Response
function hub.http.get(url, options) end

---Sends a POST request with `body`: a string as it is, a table as JSON (with `content-type: application/json` unless the options' `headers` have one); returns its response.
---@param url string
---@param body string|table
---@param options hub.RequestOptions?
---@return hub.Response
function hub.http.post(url, body, options) end

---Sends the requests together (a URL is a GET; at most 1,000, 16 in flight per run) and returns their responses in the list's order when every one has come back; raises the error of the first one, in the list's order, that failed.
---@param requests (string|hub.Request)[]
---@return hub.Response[]
function hub.http.all(requests) end

---The options of `hub.store.list`.
---@class hub.ListOptions
---@field after string? List the keys that sort after this one (the second result of the previous page).
---@field limit integer? The most keys to return, 1 to 1,000 (default 100).

---A namespace's functions, as `hub.store.namespace(name)` returns them: the same as `hub.store`'s, on that namespace.
---@class hub.Store
---@field get fun(key: string): any
---@field set fun(key: string, value: any)
---@field delete fun(key: string): boolean
---@field list fun(prefix: string?, options: hub.ListOptions?): string[], string?
---@field update fun(key: string, fn: fun(old: any): any): any

---A feature's own data: keys (strings of 1 to 512 bytes) holding JSON-compatible values, in the calling feature's namespace, shared by every screen, worker and process on the same store (`--store`). What an operation's run reads is recorded: a change of it reschedules the chain from that operation, in every open view. A call suspends the operation or action while the backend works; its failures raise a `hub.Error` with domain `"store"` at the caller's line.
hub.store = {}

---The value `key` holds, or nil.
---@param key string
---@return any
function hub.store.get(key) end

---Stores `value` (nil deletes the key); a function, userdata or a cycle is a `"store"` error 10.
---@param key string
---@param value any
function hub.store.set(key, value) end

---Deletes `key`; whether it held a value.
---@param key string
---@return boolean
function hub.store.delete(key) end

---The keys that start with `prefix`, in byte order, a page at a time; the second result is the key to pass as `after` for the next page (nil on the last).
---@param prefix string?
---@param options hub.ListOptions?
---@return string[] keys
---@return string? after
function hub.store.list(prefix, options) end

---Atomically replaces the value of `key` by what `fn(old)` returns (nil deletes it), running `fn` again when another writer changed the key meanwhile; returns the new value.
---@param key string
---@param fn fun(old: any): any
---@return any
function hub.store.update(key, fn) end

---The same functions on the namespace `name`: the feature's own, or one it declares in `store = { shares = { name } }` (else a `"store"` error 9).
---@param name string
---@return hub.Store
function hub.store.namespace(name) end
