"""What happened to one interaction: acknowledgement, response message, follow-ups, edits."""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from .model import Channel, Message

if TYPE_CHECKING:
    from .server import LoopbackDiscord
    from .users import FakeUser


class LoopbackTimeout(AssertionError):
    """Raised when an awaited condition did not happen in time (an ``AssertionError`` for pytest)."""


class InteractionType(enum.IntEnum):
    """Interaction types sent in INTERACTION_CREATE."""

    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    APPLICATION_COMMAND_AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType(enum.IntEnum):
    """Interaction callback (response) types."""

    PONG = 1
    CHANNEL_MESSAGE_WITH_SOURCE = 4
    DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    APPLICATION_COMMAND_AUTOCOMPLETE_RESULT = 8
    MODAL = 9


class Choice(NamedTuple):
    """One autocomplete choice returned by the bot."""

    name: str
    value: Any


class InteractionResult:
    """Everything the bot did in answer to one interaction.

    Created by :class:`~tests.support.discord_loopback.users.FakeUser` actions. The server fills it
    in as the bot acknowledges the interaction, sends follow-ups and edits messages; use the
    ``wait_*`` coroutines to await those events instead of sleeping.
    """

    def __init__(
        self,
        server: LoopbackDiscord,
        *,
        interaction_id: int,
        token: str,
        type: InteractionType,
        user: FakeUser,
        channel: Channel,
        data: dict[str, Any],
        payload: dict[str, Any],
        source_message_id: int | None = None,
    ) -> None:
        self._server = server
        self.id = interaction_id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.data = data
        self.payload = payload
        self.source_message_id = source_message_id
        """For component interactions (and modals opened from one): the message clicked."""
        self.dispatched_at: float = time.monotonic()
        self.ack_deadline: float = server.ack_deadline
        """Seconds the bot had to acknowledge (the server's ``ack_deadline`` at dispatch time)."""
        self.delivered: bool = False
        """Whether a gateway session existed to receive INTERACTION_CREATE."""
        self.callback_type: CallbackType | None = None
        self.callback_data: dict[str, Any] | None = None
        self.acked_at: float | None = None
        self.expired: bool = False
        """True when the acknowledgement deadline passed without a callback."""
        self.late_callback_at: float | None = None
        """When a callback arrived after the deadline (it was rejected with 10062)."""
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        self.edits: list[int] = []
        """Message id of every edit made through this interaction, in order."""
        self.deleted_ids: list[int] = []
        self.choices: list[Choice] | None = None
        self.modal: dict[str, Any] | None = None
        self.errors: list[str] = []
        """Protocol violations by the bot (double acknowledgement, wrong callback type ...)."""

    # -- state ---------------------------------------------------------------------------------

    @property
    def acknowledged(self) -> bool:
        """Whether a valid callback was received in time."""
        return self.callback_type is not None

    @property
    def ack_latency(self) -> float | None:
        """Seconds between dispatch and acknowledgement."""
        return None if self.acked_at is None else self.acked_at - self.dispatched_at

    @property
    def original(self) -> Message | None:
        """The original response message (or, for component interactions, the message clicked)."""
        if self.original_message_id is None:
            return None
        return self._server.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        """Messages sent through the follow-up webhook (including one that resolved a defer)."""
        return [self._server.messages[i] for i in self.followup_ids]

    @property
    def messages(self) -> list[Message]:
        """Messages this interaction created (response first, then follow-ups), without deleted ones."""
        ids: list[int] = []
        if self.original_message_id is not None and self.callback_type in (
            CallbackType.CHANNEL_MESSAGE_WITH_SOURCE,
            CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
        ):
            ids.append(self.original_message_id)
        ids.extend(i for i in self.followup_ids if i not in ids)
        return [m for m in (self._server.messages[i] for i in ids) if not m.deleted]

    @property
    def message(self) -> Message:
        """The single message this interaction produced (raises if there is not exactly one)."""
        msgs = self.messages
        if len(msgs) != 1:
            raise AssertionError(f"expected exactly one message for interaction {self.id}, got {msgs!r}")
        return msgs[0]

    @property
    def done(self) -> bool:
        """Acknowledged, and a deferred message response has been resolved."""
        if not self.acknowledged:
            return False
        if self.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE:
            original = self.original
            return original is not None and (original.deleted or not original.loading)
        return True

    @property
    def failed(self) -> bool:
        """Whether the user would see "This interaction failed" (deadline missed)."""
        return self.expired and not self.acknowledged

    # -- waiting -------------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Callable[[InteractionResult], bool],
        timeout: float = 5.0,
        description: str = "condition",
    ) -> Self:
        """Wait until ``predicate(self)`` is true; raise :class:`LoopbackTimeout` otherwise."""
        await self._server.wait_until(
            lambda: predicate(self), timeout=timeout, description=lambda: self.describe(description)
        )
        return self

    async def wait_acknowledged(self, timeout: float = 5.0) -> Self:
        """Wait for the interaction callback."""
        return await self.wait_for(lambda r: r.acknowledged or r.expired, timeout, "acknowledgement")

    async def wait_done(self, timeout: float = 5.0) -> Self:
        """Wait until acknowledged and any "thinking" state is resolved (see :attr:`done`)."""
        await self.wait_for(lambda r: r.done or r.expired, timeout, "response")
        if self.failed:
            raise AssertionError(self.describe("response (the interaction was not acknowledged in time)"))
        return self

    async def wait_followups(self, count: int, timeout: float = 5.0) -> Self:
        """Wait until at least ``count`` follow-up messages were sent."""
        return await self.wait_for(lambda r: len(r.followup_ids) >= count, timeout, f"{count} follow-up(s)")

    async def wait_edits(self, count: int = 1, timeout: float = 5.0) -> Self:
        """Wait until at least ``count`` message edits were made through this interaction."""
        return await self.wait_for(lambda r: len(r.edits) >= count, timeout, f"{count} edit(s)")

    def describe(self, waiting_for: str = "") -> str:
        """Human-readable state, used in timeout messages."""
        lines = [
            f"interaction {self.id} ({self.type.name}) by {self.user.name} in #{self.channel.name}"
            + (f": waiting for {waiting_for}" if waiting_for else ""),
            f"  delivered={self.delivered} callback={self.callback_type!r} expired={self.expired}"
            f" late_callback={self.late_callback_at is not None}",
            f"  original={self.original!r}",
            f"  followups={self.followups!r}",
        ]
        if self.errors:
            lines.append(f"  errors={self.errors!r}")
        lines.append(self._server.describe_problems())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.id} type={self.type.name}"
            f" callback={self.callback_type!r} done={self.done}>"
        )
