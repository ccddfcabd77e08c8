// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The part of the Multicall3 interface the indexer uses (aggregate3, getBlockNumber), written
/// for local chains, which do not have the canonical deployment. The dev chain places its
/// runtime code at the canonical address with anvil_setCode.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(ok || calls[i].allowFailure, "Multicall3: call failed");
            results[i] = Result(ok, data);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }
}
