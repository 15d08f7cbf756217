"""``FakeUser``: a human guild member driven by a test (slash commands, clicks, modals, reading)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .interactions import Choice, InteractionResult, InteractionType
from .model import Attachment, Channel, ChannelType, Message, Role, UserRecord

if TYPE_CHECKING:
    from .server import ChannelRef, LoopbackDiscord

_SELECT_TYPES = {3, 5, 6, 7, 8}


class FileUpload(NamedTuple):
    """A file a user attaches to an ATTACHMENT command option."""

    filename: str
    data: bytes
    content_type: str | None = None


class CommandPath(NamedTuple):
    """A registered command resolved from ``"group sub"`` text."""

    command: dict[str, Any]
    chain: list[dict[str, Any]]
    """Subcommand group / subcommand definitions from the top-level command down."""
    options: list[dict[str, Any]]
    """Definitions of the leaf's options."""


class FakeUser:
    """A guild member acting through the Discord client.

    Interactions are built from the command tree the bot registered (names, subcommand groups,
    option types), carry the user's ``locale``, and return an
    :class:`~tests.support.discord_loopback.interactions.InteractionResult` to await.
    """

    def __init__(self, server: LoopbackDiscord, record: UserRecord) -> None:
        self.server = server
        self.record = record

    @property
    def id(self) -> int:
        """User id."""
        return self.record.id

    @property
    def name(self) -> str:
        """Username."""
        return self.record.username

    @property
    def locale(self) -> str:
        """Client locale sent with interactions (e.g. ``"en-US"``, ``"fr"``)."""
        return self.record.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.record.locale = value

    @property
    def mention(self) -> str:
        """Mention markup ``<@id>``."""
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id} locale={self.locale}>"

    # -- reading -------------------------------------------------------------------------------

    def visible_messages(self, channel: ChannelRef) -> list[Message]:
        """Messages this user sees in ``channel``: public ones plus their own ephemerals."""
        return self.server.visible_messages(self.id, channel)

    def last_message(self, channel: ChannelRef) -> Message:
        """The newest message this user sees in ``channel``."""
        msgs = self.visible_messages(channel)
        if not msgs:
            raise AssertionError(f"{self.name} sees no messages in {channel!r}")
        return msgs[-1]

    def can_see(self, message: Message) -> bool:
        """Whether this user can see ``message``."""
        return self.server.can_see(self.id, message)

    def dm_messages(self) -> list[Message]:
        """Messages in this user's DM channel with the bot."""
        chan = self.server.dm_channels.get(self.id)
        return [] if chan is None else self.server.visible_messages(self.id, chan)

    # -- plain messages ------------------------------------------------------------------------

    async def say(self, channel: ChannelRef, content: str) -> Message:
        """Post an ordinary message (dispatched as MESSAGE_CREATE)."""
        chan = self.server.resolve_channel(channel)
        self._require_channel_access(chan)
        return self.server.create_message(chan, self.record, {"content": content})

    # -- slash commands ------------------------------------------------------------------------

    async def slash(
        self,
        command: str,
        *,
        channel: ChannelRef,
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """Invoke ``/command`` (e.g. ``"table new"``) with options given as keyword arguments.

        Option names with characters not allowed in Python identifiers go in ``options``.
        Values are checked against the registered definition (type, required, choices, ranges).
        USER options accept a :class:`FakeUser`, CHANNEL options a channel/name/id, ATTACHMENT
        options a :class:`FileUpload`. Returns once INTERACTION_CREATE is dispatched.
        """
        chan = self.server.resolve_channel(channel)
        self._require_channel_access(chan)
        path = self.resolve_command(command, chan)
        values = {**(options or {}), **kwargs}
        resolved: dict[str, dict[str, Any]] = {}
        leaf = self._build_options(path.options, values, resolved, focused=None)
        data = self._command_data(path, leaf, resolved)
        return self.server.send_interaction(self, chan, InteractionType.APPLICATION_COMMAND, data)

    async def autocomplete(
        self,
        command: str,
        *,
        option: str,
        value: str,
        channel: ChannelRef,
        options: Mapping[str, Any] | None = None,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[Choice]:
        """Type ``value`` into autocomplete option ``option`` of ``/command``; return the choices.

        Other already-filled options can be passed as keyword arguments.
        """
        result = await self.autocomplete_interaction(
            command, option=option, value=value, channel=channel, options=options, **kwargs
        )
        await result.wait_acknowledged(timeout)
        if result.choices is None:
            raise AssertionError(result.describe("autocomplete choices"))
        return list(result.choices)

    async def autocomplete_interaction(
        self,
        command: str,
        *,
        option: str,
        value: str,
        channel: ChannelRef,
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """Like :meth:`autocomplete` but return the :class:`InteractionResult` without waiting."""
        chan = self.server.resolve_channel(channel)
        self._require_channel_access(chan)
        path = self.resolve_command(command, chan)
        odef = self._option_def(path.options, option)
        if not odef.get("autocomplete"):
            raise AssertionError(f"option {option!r} of /{command} has no autocomplete")
        values = {**(options or {}), **kwargs, odef["name"]: value}
        resolved: dict[str, dict[str, Any]] = {}
        leaf = self._build_options(path.options, values, resolved, focused=odef["name"])
        data = self._command_data(path, leaf, resolved)
        return self.server.send_interaction(
            self, chan, InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE, data
        )

    def resolve_command(self, command: str, channel: Channel) -> CommandPath:
        """Find ``command`` ("name [group] [sub]") among the commands the bot registered."""
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise ValueError("empty command")
        candidates = [
            c for c in self.server.all_commands(channel.guild_id or 0) if int(c.get("type", 1)) == 1
        ]
        if channel.type == ChannelType.DM:
            # As Discord: a DM offers only global commands allowed there (``contexts`` holding
            # BOT_DM = 1, else ``dm_permission`` not false); guild_only ones are not listed.
            candidates = [c for c in candidates
                          if (1 in c["contexts"] if c.get("contexts") is not None
                              else c.get("dm_permission", True) is not False)]
        top = next((c for c in candidates if self._name_matches(c, parts[0])), None)
        if top is None:
            raise LookupError(
                f"no registered slash command /{parts[0]}; registered: "
                f"{sorted(c['name'] for c in candidates)}"
            )
        chain: list[dict[str, Any]] = []
        defs: list[dict[str, Any]] = top.get("options") or []
        for part in parts[1:]:
            node = next((o for o in defs if o.get("type") in (1, 2) and self._name_matches(o, part)), None)
            if node is None:
                subs = [o["name"] for o in defs if o.get("type") in (1, 2)]
                raise LookupError(f"/{command}: no subcommand {part!r}; available: {subs}")
            chain.append(node)
            defs = node.get("options") or []
        if any(o.get("type") in (1, 2) for o in defs):
            subs = [o["name"] for o in defs if o.get("type") in (1, 2)]
            raise LookupError(f"/{command} is a group; choose one of {subs}")
        return CommandPath(top, chain, defs)

    def _name_matches(self, definition: Mapping[str, Any], name: str) -> bool:
        if definition.get("name") == name:
            return True
        localized = definition.get("name_localizations") or {}
        return localized.get(self.locale) == name

    def _option_def(self, defs: Sequence[dict[str, Any]], name: str) -> dict[str, Any]:
        for odef in defs:
            if self._name_matches(odef, name) or odef["name"] == name.replace("_", "-"):
                return odef
        raise LookupError(f"no option {name!r}; options are {[d['name'] for d in defs]}")

    def _command_data(
        self, path: CommandPath, leaf: list[dict[str, Any]], resolved: dict[str, dict[str, Any]]
    ) -> dict[str, Any]:
        nested = leaf
        for node in reversed(path.chain):
            nested = [{"name": node["name"], "type": node["type"], "options": nested}]
        data: dict[str, Any] = {
            "id": path.command["id"],
            "name": path.command["name"],
            "type": 1,
            "options": nested,
        }
        if path.command.get("guild_id"):
            data["guild_id"] = path.command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _build_options(
        self,
        defs: Sequence[dict[str, Any]],
        values: Mapping[str, Any],
        resolved: dict[str, dict[str, Any]],
        *,
        focused: str | None,
    ) -> list[dict[str, Any]]:
        by_name: dict[str, Any] = {}
        for key, value in values.items():
            by_name[self._option_def(defs, key)["name"]] = value
        out = []
        for odef in defs:
            name = odef["name"]
            if name not in by_name:
                if odef.get("required") and focused is None:
                    raise ValueError(f"missing required option {name!r}")
                continue
            value = by_name[name]
            if value is None:
                continue
            item: dict[str, Any] = {"name": name, "type": odef["type"]}
            if name == focused:
                item["value"] = str(value)
                item["focused"] = True
            else:
                item["value"] = self._convert(odef, value, resolved)
            out.append(item)
        return out

    def _convert(self, odef: Mapping[str, Any], value: Any, resolved: dict[str, dict[str, Any]]) -> Any:
        otype = int(odef["type"])
        name = odef["name"]
        choices = odef.get("choices")
        if otype == 3:
            if not isinstance(value, str):
                raise TypeError(f"option {name!r} is a STRING, got {value!r}")
            if len(value) < int(odef.get("min_length", 0)) or len(value) > int(odef.get("max_length", 6000)):
                raise ValueError(f"option {name!r}: length {len(value)} outside the allowed range")
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"option {name!r} is an INTEGER, got {value!r}")
            self._check_range(odef, value)
        elif otype == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"option {name!r} is a NUMBER, got {value!r}")
            self._check_range(odef, value)
        elif otype == 5:
            if not isinstance(value, bool):
                raise TypeError(f"option {name!r} is a BOOLEAN, got {value!r}")
        elif otype in (6, 9) and isinstance(value, FakeUser | UserRecord):
            record = value.record if isinstance(value, FakeUser) else value
            resolved.setdefault("users", {})[str(record.id)] = record.to_payload()
            if record.id in self.server.guild.member_ids:
                resolved.setdefault("members", {})[str(record.id)] = record.member_payload(
                    with_user=False, permissions=self.server.permissions_for(record)
                )
            return str(record.id)
        elif otype in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
            return str(value.id)
        elif otype == 7:
            chan = self.server.resolve_channel(value)
            allowed = odef.get("channel_types")
            if allowed and int(chan.type) not in allowed:
                raise ValueError(f"option {name!r}: channel type {chan.type!r} not in {allowed}")
            resolved.setdefault("channels", {})[str(chan.id)] = chan.to_payload(
                permissions=self.server.permissions_for(self.record)
            )
            return str(chan.id)
        elif otype == 11:
            upload = value if isinstance(value, FileUpload) else FileUpload(*value)
            att_id = self.server.ids.next()
            att = Attachment.create(
                att_id,
                upload.filename,
                upload.data,
                f"{self.server.root_url}/attachments/0/{att_id}/{upload.filename}",
                content_type=upload.content_type,
                ephemeral=True,
            )
            self.server.attachments[att_id] = att
            resolved.setdefault("attachments", {})[str(att_id)] = att.to_payload()
            return str(att_id)
        else:
            raise TypeError(f"option {name!r} of type {otype}: unsupported value {value!r}")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
        return value

    @staticmethod
    def _check_range(odef: Mapping[str, Any], value: float) -> None:
        low, high = odef.get("min_value"), odef.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"option {odef['name']!r}: {value} outside [{low}, {high}]")

    # -- components and modals -----------------------------------------------------------------

    async def click(
        self,
        message: Message | int,
        custom_id: str,
        *,
        values: Sequence[Any] | None = None,
    ) -> InteractionResult:
        """Click button ``custom_id`` on ``message`` (or choose ``values`` in a select menu)."""
        msg = self.server.messages[message] if isinstance(message, int) else self.server.messages[message.id]
        if not self.server.can_see(self.id, msg):
            raise AssertionError(
                f"{self.name} cannot see message {msg.id} (deleted, or someone else's ephemeral)"
            )
        component = msg.find_component(custom_id)
        if component is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r}; it has {msg.custom_ids}")
        if component.get("disabled"):
            raise AssertionError(f"component {custom_id!r} is disabled")
        ctype = int(component["type"])
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype in _SELECT_TYPES:
            data["values"] = self._select_values(component, values, data)
        elif values is not None:
            raise TypeError(f"component {custom_id!r} is not a select menu")
        channel = self.server.channels[msg.channel_id]
        return self.server.send_interaction(
            self, channel, InteractionType.MESSAGE_COMPONENT, data, message=msg, source_message_id=msg.id
        )

    async def select(
        self, message: Message | int, custom_id: str, values: Sequence[Any]
    ) -> InteractionResult:
        """Choose ``values`` in select menu ``custom_id``."""
        return await self.click(message, custom_id, values=values)

    def _select_values(
        self, component: Mapping[str, Any], values: Sequence[Any] | None, data: dict[str, Any]
    ) -> list[str]:
        if values is None:
            raise TypeError(f"select menu {component['custom_id']!r} needs values=")
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise ValueError(
                f"select {component['custom_id']!r} takes {low}..{high} values, got {len(values)}"
            )
        ctype = int(component["type"])
        out: list[str] = []
        resolved: dict[str, dict[str, Any]] = {}
        for value in values:
            if ctype == 3:
                allowed = [o["value"] for o in component.get("options") or []]
                if str(value) not in allowed:
                    raise ValueError(f"{value!r} is not an option of {component['custom_id']!r}: {allowed}")
                out.append(str(value))
            elif isinstance(value, FakeUser | UserRecord):
                record = value.record if isinstance(value, FakeUser) else value
                resolved.setdefault("users", {})[str(record.id)] = record.to_payload()
                resolved.setdefault("members", {})[str(record.id)] = record.member_payload(with_user=False)
                out.append(str(record.id))
            elif isinstance(value, Role):
                resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
                out.append(str(value.id))
            else:
                chan = self.server.resolve_channel(value)
                resolved.setdefault("channels", {})[str(chan.id)] = chan.to_payload(
                    permissions=self.server.permissions_for(self.record)
                )
                out.append(str(chan.id))
        if resolved:
            data["resolved"] = resolved
        return out

    async def submit_modal(self, result: InteractionResult, values: Mapping[str, Any]) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to ``result``.

        ``values`` maps text-input ``custom_id`` to text (or a list of values for selects).
        """
        modal = result.modal
        if modal is None:
            raise AssertionError(result.describe("a modal (the bot did not open one)"))
        remaining = dict(values)
        components = [self._modal_component(c, remaining) for c in modal.get("components") or []]
        if remaining:
            raise LookupError(f"modal {modal['custom_id']!r} has no inputs {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": [c for c in components if c is not None]}
        source = self.server.messages.get(result.source_message_id or 0)
        return self.server.send_interaction(
            self,
            result.channel,
            InteractionType.MODAL_SUBMIT,
            data,
            message=source,
            source_message_id=source.id if source else None,
        )

    def _modal_component(self, comp: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
        ctype = int(comp.get("type", 0))
        if ctype == 1:
            children = [self._modal_component(c, values) for c in comp.get("components") or []]
            return {"type": 1, "components": [c for c in children if c is not None]}
        if ctype == 18:
            inner = self._modal_component(comp["component"], values)
            return None if inner is None else {"type": 18, "component": inner}
        custom_id = comp.get("custom_id")
        if custom_id is None:
            return None
        if ctype == 4:
            text = str(values.pop(custom_id, comp.get("value") or ""))
            if comp.get("required", True) and not text:
                raise ValueError(f"modal text input {custom_id!r} is required")
            low, high = int(comp.get("min_length", 0)), int(comp.get("max_length", 4000))
            if text and not low <= len(text) <= high:
                raise ValueError(
                    f"modal text input {custom_id!r}: length {len(text)} outside [{low}, {high}]"
                )
            return {"type": 4, "custom_id": custom_id, "value": text}
        if ctype in _SELECT_TYPES:
            chosen = values.pop(custom_id, [])
            return {"type": ctype, "custom_id": custom_id, "values": [str(v) for v in chosen]}
        return None

    # -- helpers -------------------------------------------------------------------------------

    def _require_channel_access(self, channel: Channel) -> None:
        if not self.server.can_see_channel(self.id, channel):
            raise AssertionError(f"{self.name} cannot see channel {channel.name!r}")
