// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestMarketplace} from "./TestMarketplace.sol";

/// Facets a test can cut into the marketplace under `getSession`: upgrades that change what an
/// indexer reads (the real source marks closeoutReceipt "TODO: remove"). Run by delegatecall, they
/// read the marketplace's own sessions: its first state variable, declared here at the same slot.

/// getSession with another layout: the Session struct without closeoutReceipt (a static tuple,
/// where the marketplace's has an offset and a dynamic field). Same values, other encoding.
contract SessionFacetWithoutReceipt {
    mapping(bytes32 => TestMarketplace.Session) private sessions;

    struct Session {
        address user;
        bytes32 bidId;
        uint256 stake;
        uint256 closeoutType;
        uint256 providerWithdrawnAmount;
        uint128 openedAt;
        uint128 endsAt;
        uint128 closedAt;
        bool isActive;
        bool isDirectPaymentFromUser;
    }

    function getSession(bytes32 sessionId) external view returns (Session memory) {
        TestMarketplace.Session storage s = sessions[sessionId];
        return Session(
            s.user,
            s.bidId,
            s.stake,
            s.closeoutType,
            s.providerWithdrawnAmount,
            s.openedAt,
            s.endsAt,
            s.closedAt,
            s.isActive,
            s.isDirectPaymentFromUser
        );
    }
}

/// getSession with the same layout, but the receipt no longer returned (empty): decodes as
/// before, with other values.
contract SessionFacetEmptyReceipt {
    mapping(bytes32 => TestMarketplace.Session) private sessions;

    function getSession(bytes32 sessionId) external view returns (TestMarketplace.Session memory session) {
        session = sessions[sessionId];
        session.closeoutReceipt = "";
    }
}
