// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestMarketplace} from "../../src/devchain/contracts/TestMarketplace.sol";

/// Facets a test cuts into the dev chain's marketplace (tooling/devchain/cutDiamond.ts): upgrades
/// that change what an indexer reads (the real source marks closeoutReceipt "TODO: remove"). Run
/// by delegatecall, they read the marketplace's own sessions and bids: its first two state
/// variables, declared here at the same slots. Test-only: the package ships none of them.

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

/// getBid with the same layout, but createdAt and deletedAt swapped: decodes as before, and a
/// standing bid reads as created at 0 and deleted when it was posted.
contract BidFacetSwappedTimes {
    mapping(bytes32 => TestMarketplace.Session) private sessions;
    mapping(bytes32 => TestMarketplace.Bid) private bids;

    function getBid(bytes32 bidId) external view returns (TestMarketplace.Bid memory bid) {
        bid = bids[bidId];
        (bid.createdAt, bid.deletedAt) = (bid.deletedAt, bid.createdAt);
    }
}
