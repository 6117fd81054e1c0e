"""Agents: the protocol, the generic agents, and the spec grammar that names them."""

from parlour.agents.base import (
    Agent,
    AgentCrashed,
    AgentFault,
    AgentGarbage,
    AgentQuit,
    AgentTimeout,
    BaseAgent,
)
from parlour.agents.random_agent import RandomAgent
from parlour.agents.specs import (
    agent_names,
    make_agent,
    register_agent,
    register_scheme,
    resolve_factory,
    split_seats,
)

__all__ = [
    "Agent",
    "AgentCrashed",
    "AgentFault",
    "AgentGarbage",
    "AgentQuit",
    "AgentTimeout",
    "BaseAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "register_agent",
    "register_scheme",
    "resolve_factory",
    "split_seats",
]
